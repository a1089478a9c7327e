// Share images (Open Graph / Twitter cards) for every public page: 1200x630 PNG files drawn here
// pixel by pixel and encoded with node:zlib. No browser, no font files, no network: the same input
// gives the same bytes on every machine. Output: client/public/generated/share/<slug>.png, one per
// page of shared/src/site/metadata.ts (server/test/share-image.test.ts checks they match).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

export const WIDTH = 1200;
export const HEIGHT = 630;

/** One entry per public page: the slug of its image, its headline and a short line under it. */
export const pages = [
  {
    slug: 'home',
    headline: ['ROLL THE DICE,', 'COLLECT GOGO.'],
    tagline: ['A FREE BOARD GAME IN YOUR BROWSER.', 'PROVABLY FAIR DICE. NO WALLET NEEDED.'],
  },
  {
    slug: 'features',
    headline: ['FEATURES'],
    tagline: ['FAIR DICE, GOGO REWARDS, ACHIEVEMENTS,', 'DAILY DICE AND A LIVE LEADERBOARD.'],
  },
  {
    slug: 'how-to-play',
    headline: ['HOW TO PLAY'],
    tagline: ['FOUR STEPS FROM SIGN-UP', 'TO THE TOP OF THE LEADERBOARD.'],
  },
  {
    slug: 'help-center',
    headline: ['HELP CENTER'],
    tagline: ['ANSWERS ABOUT GOGO, FAIR DICE,', 'WITHDRAWALS AND YOUR ACCOUNT.'],
  },
  { slug: 'privacy-policy', headline: ['PRIVACY POLICY'], tagline: ['WHAT WE STORE, WHY,', 'AND WHAT WE NEVER DO.'] },
  {
    slug: 'terms-of-service',
    headline: ['TERMS OF', 'SERVICE'],
    tagline: ['THE RULES OF THE GAME', 'AND OF GOGO CREDITS.'],
  },
  {
    slug: 'contact-us',
    headline: ['CONTACT US'],
    tagline: ['QUESTIONS, PROBLEMS, PARTNERSHIPS:', 'WE ANSWER WITHIN 24-48 HOURS.'],
  },
  {
    slug: 'feature-request',
    headline: ['FEATURE', 'REQUEST'],
    tagline: ['TELL US WHAT TO BUILD NEXT.', 'EVERY IDEA IS READ.'],
  },
];

// ── Colours (client/src/styles/global.css) ──────────────────────────────────────────────────────
/** @typedef {number[]} Rgb */

/** @param {string} h @returns {Rgb} */
const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const C = {
  bgTop: hex('#0b1020'),
  bgBottom: hex('#17204a'),
  surface: hex('#1a2342'),
  border: hex('#2a3563'),
  text: hex('#eef1ff'),
  muted: hex('#aab3d9'),
  accent: hex('#f7b731'),
  accentStrong: hex('#ffcf5c'),
  ink: hex('#1b1300'),
  info: hex('#5ab0ff'),
  white: hex('#ffffff'),
  shadow: hex('#03060f'),
  START: hex('#3ddc97'),
  PROPERTY: hex('#5ab0ff'),
  CHANCE: hex('#b98cff'),
  PENALTY: hex('#ff6b6b'),
  JACKPOT: hex('#f7b731'),
};

// Tile types of the 20-tile board, by id (as TILES in shared/src/rules/tiles.ts).
const TILE_TYPES = [
  'START',
  'PROPERTY',
  'CHANCE',
  'PROPERTY',
  'PENALTY',
  'PROPERTY',
  'JACKPOT',
  'PROPERTY',
  'CHANCE',
  'PENALTY',
  'PROPERTY',
  'CHANCE',
  'JACKPOT',
  'PROPERTY',
  'PENALTY',
  'PROPERTY',
  'CHANCE',
  'PROPERTY',
  'PENALTY',
  'JACKPOT',
];

/** @param {string} type @returns {Rgb} */
function tileColour(type) {
  switch (type) {
    case 'START':
      return C.START;
    case 'CHANCE':
      return C.CHANCE;
    case 'PENALTY':
      return C.PENALTY;
    case 'JACKPOT':
      return C.JACKPOT;
    default:
      return C.PROPERTY;
  }
}

// ── A tiny RGB canvas with anti-aliased shapes (4x4 supersampling) ───────────────────────────────
class Canvas {
  /** @param {number} width @param {number} height */
  constructor(width, height) {
    this.width = width;
    this.height = height;
    this.data = new Float64Array(width * height * 3);
  }

  /** @param {number} x @param {number} y @param {Rgb} rgb @param {number} alpha */
  blend(x, y, rgb, alpha) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const i = (y * this.width + x) * 3;
    const a = Math.min(1, alpha);
    for (let c = 0; c < 3; c += 1) this.data[i + c] = (this.data[i + c] ?? 0) * (1 - a) + (rgb[c] ?? 0) * a;
  }

  /** Vertical gradient over the whole canvas. */
  /** @param {Rgb} top @param {Rgb} bottom */
  gradient(top, bottom) {
    for (let y = 0; y < this.height; y += 1) {
      const t = y / (this.height - 1);
      const rgb = top.map((v, c) => v + ((bottom[c] ?? 0) - v) * t);
      for (let x = 0; x < this.width; x += 1) this.blend(x, y, rgb, 1);
    }
  }

  /** A soft round glow: alpha falls off with the square of the distance. */
  /** @param {number} cx @param {number} cy @param {number} radius @param {Rgb} rgb @param {number} strength */
  glow(cx, cy, radius, rgb, strength) {
    const x0 = Math.max(0, Math.floor(cx - radius));
    const x1 = Math.min(this.width - 1, Math.ceil(cx + radius));
    const y0 = Math.max(0, Math.floor(cy - radius));
    const y1 = Math.min(this.height - 1, Math.ceil(cy + radius));
    for (let y = y0; y <= y1; y += 1) {
      for (let x = x0; x <= x1; x += 1) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy) / radius;
        if (d < 1) this.blend(x, y, rgb, strength * (1 - d) * (1 - d));
      }
    }
  }

  /** Fills the pixels of [x0,x1)x[y0,y1) that `inside(px, py)` covers, weighted by coverage. */
  /**
   * @param {number} x0 @param {number} y0 @param {number} x1 @param {number} y1
   * @param {(px: number, py: number) => boolean} inside @param {Rgb} rgb @param {number} [alpha]
   */
  shape(x0, y0, x1, y1, inside, rgb, alpha = 1) {
    const S = 4;
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, Math.ceil(y1)); y += 1) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, Math.ceil(x1)); x += 1) {
        let hits = 0;
        for (let sy = 0; sy < S; sy += 1) {
          for (let sx = 0; sx < S; sx += 1) {
            if (inside(x + (sx + 0.5) / S, y + (sy + 0.5) / S)) hits += 1;
          }
        }
        if (hits > 0) this.blend(x, y, rgb, (alpha * hits) / (S * S));
      }
    }
  }

  /** @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r @param {Rgb} rgb @param {number} [alpha] */
  roundRect(x, y, w, h, r, rgb, alpha = 1) {
    this.shape(x, y, x + w, y + h, (px, py) => insideRoundRect(px, py, x, y, w, h, r), rgb, alpha);
  }

  /** A rounded-rectangle outline of the given stroke width, drawn inside the box. */
  /**
   * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
   * @param {number} stroke @param {Rgb} rgb @param {number} [alpha]
   */
  roundRectStroke(x, y, w, h, r, stroke, rgb, alpha = 1) {
    this.shape(
      x,
      y,
      x + w,
      y + h,
      (px, py) =>
        insideRoundRect(px, py, x, y, w, h, r) &&
        !insideRoundRect(px, py, x + stroke, y + stroke, w - 2 * stroke, h - 2 * stroke, Math.max(0, r - stroke)),
      rgb,
      alpha,
    );
  }

  /** @param {number} cx @param {number} cy @param {number} r @param {Rgb} rgb @param {number} [alpha] */
  circle(cx, cy, r, rgb, alpha = 1) {
    this.shape(cx - r, cy - r, cx + r, cy + r, (px, py) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r, rgb, alpha);
  }

  /** Crisp blocks: used for the pixel font, aligned to whole pixels. */
  /** @param {number} x @param {number} y @param {number} w @param {number} h @param {Rgb} rgb @param {number} [alpha] */
  rect(x, y, w, h, rgb, alpha = 1) {
    for (let py = y; py < y + h; py += 1) for (let px = x; px < x + w; px += 1) this.blend(px, py, rgb, alpha);
  }

  toRgbBytes() {
    const out = Buffer.alloc(this.width * this.height * 3);
    for (let i = 0; i < out.length; i += 1) out[i] = Math.max(0, Math.min(255, Math.round(this.data[i] ?? 0)));
    return out;
  }
}

/** @param {number} px @param {number} py @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r */
function insideRoundRect(px, py, x, y, w, h, r) {
  if (px < x || py < y || px > x + w || py > y + h) return false;
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + h - r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

// ── A 5x7 pixel font (our own), wide enough for headlines in the arcade style of the game ────────
/** @type {Record<string, string[]>} */
const GLYPHS = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  I: ['###', '.#.', '.#.', '.#.', '.#.', '.#.', '###'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
  0: ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  1: ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  2: ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  3: ['####.', '....#', '....#', '.###.', '....#', '....#', '####.'],
  4: ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  5: ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  6: ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  7: ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  8: ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  9: ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
  ' ': ['...', '...', '...', '...', '...', '...', '...'],
  '.': ['..', '..', '..', '..', '..', '##', '##'],
  ',': ['..', '..', '..', '..', '##', '.#', '#.'],
  ':': ['..', '##', '##', '..', '##', '##', '..'],
  '-': ['....', '....', '....', '####', '....', '....', '....'],
  '!': ['#', '#', '#', '#', '#', '.', '#'],
  "'": ['#', '#', '.', '.', '.', '.', '.'],
  '?': ['.###.', '#...#', '....#', '...#.', '..#..', '.....', '..#..'],
  '/': ['....#', '...#.', '...#.', '..#..', '.#...', '.#...', '#....'],
  '&': ['.##..', '#..#.', '#.#..', '.#...', '#.#.#', '#..#.', '.##.#'],
  '+': ['.....', '..#..', '..#..', '#####', '..#..', '..#..', '.....'],
};

/** @param {string} ch @returns {string[]} */
function glyph(ch) {
  const g = GLYPHS[ch];
  if (!g) throw new Error(`share-image: no glyph for ${JSON.stringify(ch)}`);
  return g;
}

/** @param {string} text @param {number} scale */
export function textWidth(text, scale) {
  let w = 0;
  for (const ch of text) w += ((glyph(ch)[0] ?? '').length + 1) * scale;
  return Math.max(0, w - scale);
}

/**
 * @param {Canvas} canvas @param {string} text @param {number} x @param {number} y @param {number} scale
 * @param {Rgb} rgb @param {number} [shadow]
 */
function drawText(canvas, text, x, y, scale, rgb, shadow) {
  let cx = x;
  for (const ch of text) {
    const g = glyph(ch);
    g.forEach((line, row) => {
      for (let col = 0; col < line.length; col += 1) {
        if (line[col] !== '#') continue;
        if (shadow) canvas.rect(cx + col * scale + shadow, y + row * scale + shadow, scale, scale, C.shadow, 0.55);
        canvas.rect(cx + col * scale, y + row * scale, scale, scale, rgb);
      }
    });
    cx += ((g[0] ?? '').length + 1) * scale;
  }
}

// ── The picture ─────────────────────────────────────────────────────────────────────────────────
/** @param {Rgb} a @param {Rgb} b @param {number} t @returns {Rgb} */
const mix = (a, b, t) => a.map((v, i) => v + ((b[i] ?? 0) - v) * t);

/** Positions of the 20 ring cells of a 6x6 grid, clockwise from the bottom-right corner (Start). */
/** @returns {[number, number][]} */
function ringCells() {
  /** @type {[number, number][]} */
  const cells = [];
  for (let col = 5; col >= 0; col -= 1) cells.push([5, col]); // bottom row, right to left
  for (let row = 4; row >= 0; row -= 1) cells.push([row, 0]); // left column, bottom to top
  for (let col = 1; col <= 5; col += 1) cells.push([0, col]); // top row, left to right
  for (let row = 1; row <= 4; row += 1) cells.push([row, 5]); // right column, top to bottom
  return cells;
}

/** @param {Canvas} canvas @param {number} x @param {number} y @param {number} size */
function drawDie(canvas, x, y, size) {
  canvas.roundRect(x + 6, y + 10, size, size, size * 0.2, C.shadow, 0.5);
  canvas.roundRect(x, y, size, size, size * 0.2, C.white);
  canvas.roundRectStroke(x, y, size, size, size * 0.2, 3, hex('#d8dcef'));
  const r = size * 0.085;
  const q = size * 0.27;
  /** @type {[number, number][]} */
  const pips = [
    [-q, -q],
    [q, -q],
    [0, 0],
    [-q, q],
    [q, q],
  ];
  for (const [dx, dy] of pips) {
    canvas.circle(x + size / 2 + dx, y + size / 2 + dy, r, hex('#0b1020'));
  }
}

/** @param {Canvas} canvas @param {number} x @param {number} y @param {number} cell @param {number} gap */
function drawBoard(canvas, x, y, cell, gap) {
  const span = 6 * cell + 5 * gap;
  canvas.glow(x + span / 2, y + span / 2, span * 0.75, C.accent, 0.22);
  canvas.roundRect(x - 14, y - 14, span + 28, span + 28, 26, C.bgTop, 0.75);
  canvas.roundRectStroke(x - 14, y - 14, span + 28, span + 28, 26, 2, C.border);
  ringCells().forEach(([row, col], id) => {
    const color = tileColour(TILE_TYPES[id] ?? 'PROPERTY');
    const tx = x + col * (cell + gap);
    const ty = y + row * (cell + gap);
    canvas.roundRect(tx, ty, cell, cell, 10, mix(C.surface, color, 0.28));
    canvas.roundRectStroke(tx, ty, cell, cell, 10, 3, color);
    canvas.circle(tx + cell / 2, ty + cell / 2, cell * 0.14, color, 0.9);
  });
  // The player's token on Start, and the die in the middle of the board.
  const [sr, sc] = ringCells()[0] ?? [5, 5];
  const tx = x + sc * (cell + gap) + cell / 2;
  const ty = y + sr * (cell + gap) + cell / 2;
  canvas.circle(tx + 2, ty + 4, cell * 0.3, C.shadow, 0.5);
  canvas.circle(tx, ty, cell * 0.3, C.accentStrong);
  canvas.circle(tx, ty, cell * 0.19, C.accent);
  const die = cell * 2.1;
  drawDie(canvas, x + span / 2 - die / 2, y + span / 2 - die / 2, die);
}

/** @param {Canvas} canvas @param {number} x @param {number} y */
function drawLogo(canvas, x, y) {
  canvas.roundRect(x, y, 64, 64, 16, C.accent);
  const r = 5.5;
  /** @type {[number, number][]} */
  const pips = [
    [-15, -15],
    [15, -15],
    [0, 0],
    [-15, 15],
    [15, 15],
  ];
  for (const [dx, dy] of pips) {
    canvas.circle(x + 32 + dx, y + 32 + dy, r, C.ink);
  }
  drawText(canvas, 'GOGO BOARD', x + 88, y + 12, 6, C.text);
}

/** @param {{ slug: string, headline: string[], tagline: string[] }} page */
export function drawSharePage(page) {
  const canvas = new Canvas(WIDTH, HEIGHT);
  canvas.gradient(C.bgTop, C.bgBottom);
  canvas.glow(120, 40, 520, C.info, 0.1);
  // A faint dot grid, like a board game table.
  for (let y = 24; y < HEIGHT; y += 36) for (let x = 24; x < WIDTH; x += 36) canvas.circle(x, y, 1.4, C.border, 0.6);

  drawLogo(canvas, 72, 64);
  const headlineScale = 8;
  let y = page.headline.length > 1 ? 196 : 232;
  for (const line of page.headline) {
    drawText(canvas, line, 72, y, headlineScale, C.accentStrong, 5);
    y += 7 * headlineScale + 26;
  }
  y += 18;
  for (const line of page.tagline) {
    drawText(canvas, line, 74, y, 3, C.muted);
    y += 7 * 3 + 16;
  }
  // A gold underline as the page's signature.
  canvas.roundRect(72, HEIGHT - 84, 160, 8, 4, C.accent);
  drawText(canvas, 'ROLL. COLLECT. LEVEL UP.', 252, HEIGHT - 90, 3, C.text);

  drawBoard(canvas, 806, 150, 52, 6);
  return canvas;
}

// ── PNG encoding: signature, IHDR, one IDAT (zlib), IEND ─────────────────────────────────────────
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** @param {Buffer} buf */
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encodes 8-bit RGB pixels as PNG, each row with the 'Sub' filter (smaller for smooth gradients). */
/** @param {number} width @param {number} height @param {Buffer} rgb */
export function encodePng(width, height, rgb) {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const o = y * (stride + 1);
    raw[o] = 1; // Sub
    for (let i = 0; i < stride; i += 1) {
      const cur = rgb[y * stride + i] ?? 0;
      const left = i >= 3 ? (rgb[y * stride + i - 3] ?? 0) : 0;
      raw[o + 1 + i] = (cur - left) & 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** @param {{ root: string, outRoot: string }} opts */
export async function generate({ outRoot }) {
  const dir = join(outRoot, 'share');
  mkdirSync(dir, { recursive: true });
  for (const page of pages) {
    const canvas = drawSharePage(page);
    const png = encodePng(WIDTH, HEIGHT, canvas.toRgbBytes());
    const file = join(dir, `${page.slug}.png`);
    // Unchanged bytes leave the file (and its mtime) alone, so the client build is not redone.
    if (existsSync(file) && readFileSync(file).equals(png)) continue;
    writeFileSync(file, png);
  }
}
