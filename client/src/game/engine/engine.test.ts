// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

// Phaser probes a 2D canvas when it loads; jsdom has none, so a context that draws nothing stands in.
const noCanvas = new Proxy({} as Record<string | symbol, unknown>, {
  get: (target, key) =>
    key in target
      ? target[key]
      : key === 'getImageData' || key === 'createImageData'
        ? () => ({ data: new Uint8ClampedArray(4) })
        : () => undefined,
  set: (target, key, value) => {
    target[key] = value;
    return true;
  },
});
HTMLCanvasElement.prototype.getContext = (() => noCanvas) as unknown as HTMLCanvasElement['getContext'];

/** The trimmed build and the registries its imports fill (loaded after the canvas stand-in). */
async function loadEngine() {
  const [phaser, , factory, creator, loaderPlugin, fileTypes, plugins, inputPlugins] = await Promise.all([
    import('./phaser'),
    // The particle emitters come in their own chunk after the first frame (engine/particles.ts).
    import('./particles').then(() => null),
    import('phaser-src/gameobjects/GameObjectFactory'),
    import('phaser-src/gameobjects/GameObjectCreator'),
    import('phaser-src/loader/LoaderPlugin'),
    import('phaser-src/loader/FileTypesManager'),
    import('phaser-src/plugins/PluginCache'),
    import('phaser-src/input/InputPluginCache'),
  ]);
  return {
    Phaser: phaser.default as Record<string, unknown>,
    factory: factory.default.prototype as unknown as Record<string, unknown>,
    creator: creator.default.prototype as unknown as Record<string, unknown>,
    // File types are installed on each loader when it is made: a loader's methods plus those.
    loader: (() => {
      const target = Object.create(loaderPlugin.default.prototype as object) as Record<string, unknown>;
      (fileTypes.default as unknown as { install(target: object): void }).install(target);
      return target;
    })(),
    plugins: plugins.default as unknown as { hasCore(key: string): boolean },
    inputPlugins: inputPlugins.default as unknown as { getPlugin(key: string): unknown },
  };
}

const gameDir = join(import.meta.dirname, '..');

/** The board's own source files (everything under client/src/game that imports Phaser). */
function boardSources(dir = gameDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'engine' ? [] : boardSources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

interface Uses {
  /** `Phaser.A.B` read as values (types are not in the bundle and need nothing). */
  values: Set<string>;
  /** `x.add.name(...)`, `x.make.name(...)`, `x.load.name(...)`, `x.input.keyboard`. */
  add: Set<string>;
  make: Set<string>;
  load: Set<string>;
  keyboard: boolean;
}

/** What the board's code asks of Phaser at run time, read from its syntax tree. */
function phaserUses(): Uses {
  const uses: Uses = { values: new Set(), add: new Set(), make: new Set(), load: new Set(), keyboard: false };
  for (const file of boardSources()) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes("from 'phaser'")) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAccessExpression(node)) {
        const chain = node.getText(source).replace(/\s+/g, '');
        // The longest `Phaser.…` chain only (its parents are PropertyAccessExpressions too).
        if (chain.startsWith('Phaser.') && !ts.isPropertyAccessExpression(node.parent)) uses.values.add(chain);
        const owner = node.expression;
        if (ts.isPropertyAccessExpression(owner) && ts.isCallExpression(node.parent)) {
          const kind = owner.name.text;
          if (kind === 'add' || kind === 'make' || kind === 'load') uses[kind].add(node.name.text);
        }
        if (node.name.text === 'keyboard' && ts.isPropertyAccessExpression(owner) && owner.name.text === 'input') {
          uses.keyboard = true;
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return uses;
}

describe("the board's trimmed Phaser build", () => {
  const uses = phaserUses();
  let engine: Awaited<ReturnType<typeof loadEngine>>;
  beforeAll(async () => {
    engine = await loadEngine();
  });

  it('finds the board code that it checks', () => {
    expect(uses.values.size).toBeGreaterThan(5);
    expect(uses.add.size).toBeGreaterThan(3);
    expect([...uses.values]).toContain('Phaser.Game');
  });

  it('holds every Phaser value the board reads', () => {
    const missing = [...uses.values].filter((chain) => {
      let value: unknown = engine.Phaser;
      for (const key of chain.split('.').slice(1)) value = (value as Record<string, unknown> | undefined)?.[key];
      return value === undefined;
    });
    expect(missing, `add them to ${relative(process.cwd(), join(import.meta.dirname, 'phaser.ts'))}`).toEqual([]);
  });

  it('registers every game object, loader file type and scene system the board uses', () => {
    const { factory, creator, loader } = engine;
    expect([...uses.add].filter((name) => typeof factory[name] !== 'function')).toEqual([]);
    expect([...uses.make].filter((name) => typeof creator[name] !== 'function')).toEqual([]);
    expect([...uses.load].filter((name) => typeof loader[name] !== 'function')).toEqual([]);
    for (const system of ['Clock', 'TweenManager', 'InputPlugin', 'Loader', 'CameraManager', 'GameObjectFactory']) {
      expect(engine.plugins.hasCore(system), system).toBe(true);
    }
    if (uses.keyboard) expect(engine.inputPlugins.getPlugin('KeyboardPlugin')).toBeTruthy();
  });

  it('leaves out what the board does not use', () => {
    for (const unused of ['rope', 'video', 'bitmapText', 'tilemap', 'mesh'])
      expect(engine.factory[unused]).toBeUndefined();
    expect(engine.Phaser.Physics).toBeUndefined();
  });
});
