import { memo } from 'react';
import { TILES } from '@gogo/shared/rules';
import { TILE_SHEET_COLUMNS, TILE_SHEET_URL, tileSheetIndex } from '../../game/assets';
import './BoardArt.css';

const CELL = 56;
const GAP = 4;
const STEP = CELL + GAP;
const ICON = 40;
/** The generated tile sheet: 64 px icons, TILE_SHEET_COLUMNS per row (scripts/assets/board.gen.mjs). */
const SHEET_ICON = 64;
const ICONS = TILES.map((t) => t.icon);
const SHEET_ROWS = Math.ceil(new Set(ICONS).size / TILE_SHEET_COLUMNS);
/** The demo roll: a 4, from Start to the fourth tile (landing.css animates it, reduced motion stills it). */
export const DEMO_ROLL = 4;

/** The 20 ring cells of a 6x6 grid, starting bottom-right (Start) and going clockwise. */
function ring(): [row: number, col: number][] {
  const cells: [number, number][] = [];
  for (let col = 5; col >= 0; col -= 1) cells.push([5, col]);
  for (let row = 4; row >= 0; row -= 1) cells.push([row, 0]);
  for (let col = 1; col <= 5; col += 1) cells.push([0, col]);
  for (let row = 1; row <= 4; row += 1) cells.push([row, 5]);
  return cells;
}

const FOUR: [number, number][] = [
  [-1, -1],
  [1, -1],
  [-1, 1],
  [1, 1],
];

/**
 * The hero's picture of the board: the real 20 tiles with their generated icons (one sprite sheet,
 * one request, no Phaser), a pawn on Start, and a short demo roll of a 4 in CSS.
 */
export const BoardArt = memo(function BoardArt() {
  const cells = ring();
  const size = 6 * CELL + 5 * GAP;
  const mid = size / 2;
  const [startRow, startCol] = cells[0]!;
  const [landRow, landCol] = cells[DEMO_ROLL]!;
  return (
    <svg className="board-art" viewBox={`-8 -8 ${size + 16} ${size + 16}`} aria-hidden="true" focusable="false">
      <rect className="board-art__frame" x={-8} y={-8} width={size + 16} height={size + 16} rx={22} />
      {TILES.map((tile, i) => {
        const [row, col] = cells[i] ?? [0, 0];
        const index = tileSheetIndex(ICONS, tile.icon);
        const sx = (index % TILE_SHEET_COLUMNS) * SHEET_ICON;
        const sy = Math.floor(index / TILE_SHEET_COLUMNS) * SHEET_ICON;
        return (
          <g key={tile.id} className={`board-art__tile board-art__tile--${tile.type.toLowerCase()}`}>
            <rect x={col * STEP} y={row * STEP} width={CELL} height={CELL} rx={10} />
            <svg
              x={col * STEP + (CELL - ICON) / 2}
              y={row * STEP + (CELL - ICON) / 2}
              width={ICON}
              height={ICON}
              viewBox={`${sx} ${sy} ${SHEET_ICON} ${SHEET_ICON}`}
            >
              <image href={TILE_SHEET_URL} width={TILE_SHEET_COLUMNS * SHEET_ICON} height={SHEET_ROWS * SHEET_ICON} />
            </svg>
          </g>
        );
      })}
      <rect
        className="board-art__glow"
        x={landCol * STEP - 3}
        y={landRow * STEP - 3}
        width={CELL + 6}
        height={CELL + 6}
        rx={12}
      />
      <g className="board-art__die">
        <rect x={mid - 52} y={mid - 52} width={104} height={104} rx={22} />
        {FOUR.map(([dx, dy]) => (
          <circle key={`${dx}${dy}`} cx={mid + dx * 26} cy={mid + dy * 26} r={10} />
        ))}
      </g>
      {/* The pawn stands at the lower right of its tile, beside the icon, so it never reads as one. */}
      <g transform={`translate(${startCol * STEP + CELL - 13} ${startRow * STEP + CELL - 5})`}>
        <g className="board-art__hop">
          <ellipse className="board-art__shadow" cx={0} cy={1} rx={11} ry={3.5} />
          <g transform="scale(0.8)">
            <g className="board-art__piece">
              <path d="M-12 0h24l-4-9h-16zM-6-9c-2-6 1-12 6-12s8 6 6 12z" />
              <circle cx={0} cy={-25} r={8} />
            </g>
          </g>
        </g>
      </g>
    </svg>
  );
});
