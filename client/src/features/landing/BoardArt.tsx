import { TILES } from '@gogo/shared/rules';

const CELL = 56;
const GAP = 4;
const STEP = CELL + GAP;

/** The 20 ring cells of a 6x6 grid, starting bottom-right (Start) and going clockwise. */
function ring(): [row: number, col: number][] {
  const cells: [number, number][] = [];
  for (let col = 5; col >= 0; col -= 1) cells.push([5, col]);
  for (let row = 4; row >= 0; row -= 1) cells.push([row, 0]);
  for (let col = 1; col <= 5; col += 1) cells.push([0, col]);
  for (let row = 1; row <= 4; row += 1) cells.push([row, 5]);
  return cells;
}

const PIPS: [number, number][] = [
  [-1, -1],
  [1, -1],
  [0, 0],
  [-1, 1],
  [1, 1],
];

/** Decorative picture of the board for the hero: the real 20 tiles, coloured by type. */
export function BoardArt() {
  const cells = ring();
  const size = 6 * CELL + 5 * GAP;
  const mid = size / 2;
  return (
    <svg className="board-art" viewBox={`-8 -8 ${size + 16} ${size + 16}`} aria-hidden="true" focusable="false">
      <rect className="board-art__frame" x={-8} y={-8} width={size + 16} height={size + 16} rx={22} />
      {TILES.map((tile, i) => {
        const [row, col] = cells[i] ?? [0, 0];
        return (
          <g key={tile.id} className={`board-art__tile board-art__tile--${tile.type.toLowerCase()}`}>
            <rect x={col * STEP} y={row * STEP} width={CELL} height={CELL} rx={10} />
            <circle cx={col * STEP + CELL / 2} cy={row * STEP + CELL / 2} r={7} />
          </g>
        );
      })}
      <circle className="board-art__token" cx={5 * STEP + CELL / 2} cy={5 * STEP + CELL / 2} r={15} />
      <g className="board-art__die">
        <rect x={mid - 52} y={mid - 52} width={104} height={104} rx={22} />
        {PIPS.map(([dx, dy]) => (
          <circle key={`${dx}${dy}`} cx={mid + dx * 28} cy={mid + dy * 28} r={9} />
        ))}
      </g>
    </svg>
  );
}
