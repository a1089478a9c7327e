/**
 * The buildings of an owned property as plain shapes around (0, ground 0), y up being negative: the
 * board draws them with Phaser (objects/buildings.ts) and the Build sheet with SVG (BuildingArt.tsx),
 * so both show the same building. Each board builds its own kind (its art theme):
 * - the city (board 1): a cottage, a two-storey house, an apartment block, a tower with a gold crown;
 * - the harbour (board 2): a boathouse, a warehouse with its crane, a lighthouse by a shed, the tall
 *   lighthouse with a lit lantern;
 * - the heights (board 3): a dome, a spire, twin towers on a sky bridge, the ringed spire.
 */
export type Paint = 'wall' | 'wallShade' | 'roof' | 'window' | 'crown' | 'plot';

export type Shape =
  | { kind: 'rect'; paint: Paint; x: number; y: number; w: number; h: number }
  | { kind: 'tri'; paint: Paint; points: [number, number, number, number, number, number] }
  | { kind: 'ellipse'; paint: Paint; cx: number; cy: number; w: number; h: number };

/** Tallest building (level 4) in board units: it fits between a tile's band and its name. */
export const BUILDING_MAX_HEIGHT = 38;

const rect = (paint: Paint, x: number, y: number, w: number, h: number): Shape => ({ kind: 'rect', paint, x, y, w, h });

function windows(x: number, top: number, cols: number, rows: number): Shape[] {
  const out: Shape[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) out.push(rect('window', x + col * 6, top + row * 7, 3.5, 4));
  }
  return out;
}

function house(cx: number, w: number, h: number): Shape[] {
  return [
    rect('wallShade', cx - w / 2, -h, w, h),
    rect('wall', cx - w / 2, -h, w - 3, h),
    { kind: 'tri', paint: 'roof', points: [cx - w / 2 - 3, -h, cx + w / 2 + 3, -h, cx, -h - w * 0.45] },
    rect('window', cx - 2.5, -7, 5, 7), // the door
  ];
}

/** The art themes that build their own kind of building (BoardDefinition.theme in shared rules). */
export type BuildingTheme = 'city' | 'harbour' | 'heights';

const PLOT: Shape = { kind: 'ellipse', paint: 'plot', cx: 0, cy: 1.5, w: 40, h: 5 };

export function buildingShapes(level: number, theme: string = 'city'): Shape[] {
  if (level <= 0) return [];
  const top = Math.min(4, level);
  if (theme === 'harbour') return [PLOT, ...harbour(top)];
  if (theme === 'heights') return [PLOT, ...heights(top)];
  return [PLOT, ...city(top)];
}

function city(level: number): Shape[] {
  if (level === 1) return house(0, 22, 14);
  if (level === 2) return [...house(0, 26, 22), ...windows(-9.5, -19, 3, 1)];
  if (level === 3) {
    return [
      ...house(-11, 14, 10),
      rect('wallShade', -3, -30, 18, 30),
      rect('wall', -3, -30, 15, 30),
      rect('roof', -5, -33, 22, 4),
      ...windows(0, -26, 2, 3),
    ];
  }
  const top = BUILDING_MAX_HEIGHT;
  return [
    ...house(-13, 12, 9),
    rect('wallShade', -6, -28, 22, 28),
    rect('wallShade', -2, -34, 14, 6),
    rect('wall', -6, -28, 19, 28),
    rect('wall', -2, -34, 11, 6),
    ...windows(-3, -24, 3, 3),
    { kind: 'tri', paint: 'crown', points: [-3, -34, 13, -34, 5, -top - 4] },
    rect('crown', 4, -top - 8, 2, 5),
  ];
}

/** A striped lighthouse whose body stands on x..x+w, `h` tall, with its lantern (crown when lit). */
function lighthouse(x: number, w: number, h: number, lit: boolean): Shape[] {
  const cx = x + w / 2;
  return [
    rect('wallShade', x, -h, w, h),
    rect('wall', x, -h, w - 2.5, h),
    rect('roof', x, -h * 0.72, w, 3),
    rect('roof', x, -h * 0.4, w, 3),
    rect(lit ? 'crown' : 'window', x + 1.5, -h - 5, w - 3, 5),
    { kind: 'tri', paint: 'roof', points: [x - 1, -h - 5, x + w + 1, -h - 5, cx, -h - 10] },
  ];
}

function harbour(level: number): Shape[] {
  // A boathouse: a wide, low shed with its boat door on the water.
  const shed = (cx: number, w: number, h: number): Shape[] => [
    rect('wallShade', cx - w / 2, -h, w, h),
    rect('wall', cx - w / 2, -h, w - 3, h),
    { kind: 'tri', paint: 'roof', points: [cx - w / 2 - 2, -h, cx + w / 2 + 2, -h, cx, -h - w * 0.3] },
    rect('window', cx - w / 4, -h * 0.7, w / 2, h * 0.7),
  ];
  if (level === 1) return shed(0, 26, 11);
  if (level === 2) {
    return [
      ...shed(-4, 26, 15),
      ...windows(-13, -13, 3, 1),
      // A quay crane: mast, jib and hook.
      rect('roof', 12, -30, 2.5, 30),
      rect('roof', 4, -30, 16, 2.5),
      rect('window', 17, -28, 1, 9),
    ];
  }
  if (level === 3) return [...shed(-10, 16, 10), ...lighthouse(3, 10, 26, false)];
  return [...shed(-13, 12, 8), ...lighthouse(-1, 13, 30, true), rect('crown', 13, -34.5, 7, 1.5)];
}

function heights(level: number): Shape[] {
  const dome = (cx: number, w: number, h: number): Shape[] => [
    rect('wallShade', cx - w / 2, -h / 2, w, h / 2),
    { kind: 'ellipse', paint: 'wall', cx, cy: -h / 2, w, h },
    rect('wallShade', cx - w / 2, -h / 2, w, h / 2),
    rect('window', cx - w / 2 + 2, -h / 2 + 1, w - 4, 2),
  ];
  const spire = (x: number, w: number, h: number): Shape[] => [
    rect('wallShade', x, -h, w, h),
    rect('wall', x, -h, w - 2.5, h),
    { kind: 'tri', paint: 'roof', points: [x - 1, -h, x + w + 1, -h, x + w / 2, -h - w * 0.9] },
  ];
  if (level === 1) return dome(0, 24, 16);
  if (level === 2) return [...spire(-5, 10, 24), ...windows(-3, -20, 1, 3), rect('roof', -9, -4, 18, 4)];
  if (level === 3) {
    return [
      ...spire(-13, 9, 22),
      ...spire(3, 10, 30),
      rect('roof', -4, -18, 7, 2.5),
      ...windows(-11, -18, 1, 2),
      ...windows(5, -26, 1, 3),
    ];
  }
  return [
    ...dome(-12, 12, 10),
    ...spire(-2, 12, 32),
    ...windows(0, -28, 2, 3),
    // A ring of light around the spire, and its tip.
    { kind: 'ellipse', paint: 'crown', cx: 4, cy: -18, w: 26, h: 3 },
    rect('crown', 3.5, -BUILDING_MAX_HEIGHT - 6, 1.5, 5),
  ];
}
