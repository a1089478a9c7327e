// The house's shape, checked: no import cycle between files (server, shared, client), no cycle
// between server modules, modules entered only through their face (index.ts), the bottom layer
// importing nothing above it, and client imports running only down its floors
// (scripts/lib/client-floors.mjs). docs/architecture.md describes the layers. Exits 1 on any breach.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { clientImportBreach, clientPartOf } from './lib/client-floors.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The bottom layer of the server: it may import itself and packages, nothing above it. */
const BOTTOM = ['core', 'lib', 'db', 'settings', 'paths.ts'];

/** @param {string} dir @param {string} tsConfig */
async function graphOf(dir, tsConfig) {
  const result = await madge(resolve(root, dir), {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: resolve(root, tsConfig),
    excludeRegExp: [/\.d\.ts$/],
  });
  return result;
}

/**
 * Which part of the server a file belongs to: `modules/<name>` for a domain module, otherwise its
 * first folder (core, lib, db, plugins, ...) or the file itself (app.ts, server.ts).
 * @param {string} file path from the project root
 * @returns {string}
 */
export function partOf(file) {
  const inner = file.replace(/^server\/src\//, '');
  const parts = inner.split('/');
  return parts[0] === 'modules' ? `modules/${parts[1] ?? ''}` : (parts[0] ?? inner);
}

/**
 * Cycles in a directed graph, each as the list of nodes on it (one per strongly connected component
 * with more than one node, or a node that reaches itself).
 * @param {Map<string, Set<string>>} edges
 */
export function cyclesOf(edges) {
  let index = 0;
  /** @type {Map<string, number>} */
  const indexOf = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const found = [];
  /** @param {string} node */
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, indexOf.get(next) ?? 0));
    }
    if (low.get(node) === indexOf.get(node)) {
      /** @type {string[]} */
      const component = [];
      /** @type {string | undefined} */
      let member;
      do {
        member = /** @type {string} */ (stack.pop());
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

/**
 * Breaches of the server's module rules in a file graph (file -> files it imports, paths from the
 * project root).
 * @param {Record<string, string[]>} files
 */
export function moduleBreaches(files) {
  const breaches = [];
  /** @type {Map<string, Set<string>>} */
  const edges = new Map();
  for (const [file, deps] of Object.entries(files)) {
    if (!file.startsWith('server/src/')) continue;
    const from = partOf(file);
    for (const dep of deps) {
      if (!dep.startsWith('server/src/')) continue;
      const to = partOf(dep);
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)?.add(to);
      if (to.startsWith('modules/') && dep !== `server/src/${to}/index.ts`) {
        breaches.push(`${file} imports ${dep}: other code enters ${to} only through ${to}/index.ts`);
      }
      if (BOTTOM.includes(from) && !BOTTOM.includes(to)) {
        breaches.push(`${file} imports ${dep}: the bottom layer (${BOTTOM.join(', ')}) imports nothing above it`);
      }
    }
  }
  for (const cycle of cyclesOf(edges))
    breaches.push(`server modules import each other in a circle: ${cycle.join(', ')}`);
  return breaches;
}

/**
 * Who owns what in the database: a table's owner is the only module whose files write it, and a
 * column listed here is written only by its owner even where the table belongs to another module
 * (a player's credentials live in `users`, which other modules also update). Tables not listed are
 * not checked yet; the map is meant to grow to every table.
 * @type {{ tables: Record<string, string>, columns: Record<string, string> }}
 */
export const OWNERS = {
  tables: { admins: 'modules/auth' },
  columns: { 'users.password_hash': 'modules/auth', 'users.password_changed_at': 'modules/auth' },
};

/** SQL that writes a table (named bare or quoted). @param {string} table */
const writesTable = (table) => new RegExp(`\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+"?${table}"?(\\s|\\(|$)`, 'i');
/** SQL that sets a column of a table (UPDATE ... SET ... col =, or INSERT INTO table (... col ...)). */
const writesColumn = (/** @type {string} */ table, /** @type {string} */ column) => [
  new RegExp(`\\bUPDATE\\s+"?${table}"?\\s+SET\\b[^;\`]*?\\b${column}\\s*=`, 'i'),
  new RegExp(`\\bINSERT\\s+INTO\\s+"?${table}"?\\s*\\([^)]*\\b${column}\\b`, 'i'),
];

/**
 * Breaches of the ownership map in server sources (path from the project root -> text). The table
 * descriptions (db/schema) and generated migrations describe every table and are not writers.
 * @param {Record<string, string>} sources
 * @param {typeof OWNERS} owners
 */
export function ownershipBreaches(sources, owners = OWNERS) {
  const breaches = [];
  for (const [file, text] of Object.entries(sources)) {
    if (!file.startsWith('server/src/') || file.startsWith('server/src/db/schema/')) continue;
    const part = partOf(file);
    for (const [table, owner] of Object.entries(owners.tables)) {
      if (part !== owner && writesTable(table).test(text)) {
        breaches.push(`${file} writes ${table}: only ${owner} writes it (its owner)`);
      }
    }
    for (const [key, owner] of Object.entries(owners.columns)) {
      const [table = '', column = ''] = key.split('.');
      if (part !== owner && writesColumn(table, column).some((re) => re.test(text))) {
        breaches.push(`${file} writes ${key}: only ${owner} writes it (its owner)`);
      }
    }
  }
  return breaches;
}

/**
 * The scripts a new user runs first (`npm start`, `npm test`) install the workspace's packages
 * themselves, so nothing they import statically, file by file, may be a package: only `node:`
 * builtins and the project's own files. A package is loaded with `await import()` after the install.
 * @param {string[]} entries paths from the project root
 * @param {(file: string) => string} read
 */
export function bootstrapBreaches(entries, read = (file) => readFileSync(resolve(root, file), 'utf8')) {
  /** @type {string[]} */
  const breaches = [];
  const seen = new Set();
  const staticImport = /^\s*(?:import|export)\s[^'"]*?\bfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
  /** @param {string} file */
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of read(file).matchAll(staticImport)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (specifier.startsWith('node:')) continue;
      if (specifier.startsWith('.')) visit(relative(root, resolve(root, dirname(file), specifier)));
      else
        breaches.push(
          `${file} imports the package ${specifier} before npm install runs: import it with await import()`,
        );
    }
  };
  for (const entry of entries) visit(entry);
  return breaches;
}

/**
 * Breaches of the client's floors in a file graph (file -> files it imports, paths from the project
 * root): an import that runs up a floor, or across one (a feature importing another feature, the
 * Phaser layer importing the UI kit), or a file on no floor (scripts/lib/client-floors.mjs).
 * @param {Record<string, string[]>} files
 */
export function clientFloorBreaches(files) {
  const breaches = [];
  for (const [file, deps] of Object.entries(files)) {
    const from = clientPartOf(file);
    if (from === null) continue;
    for (const dep of deps) {
      const to = clientPartOf(dep);
      if (to === null) continue;
      const why = clientImportBreach(from, to);
      if (why) breaches.push(`${file} imports ${dep}: ${why}`);
    }
  }
  return breaches;
}

/** Every breach in the project, as sentences. */
export async function architectureBreaches() {
  const breaches = [];
  const server = await graphOf('server/src', 'server/tsconfig.json');
  const shared = await graphOf('shared/src', 'shared/tsconfig.json');
  const client = await graphOf('client/src', 'client/tsconfig.json');
  for (const graph of [server, shared, client]) {
    for (const cycle of graph.circular()) breaches.push(`files import each other in a circle: ${cycle.join(' > ')}`);
  }
  breaches.push(...moduleBreaches(server.obj()));
  breaches.push(...clientFloorBreaches(client.obj()));
  const sources = Object.fromEntries(
    Object.keys(server.obj())
      .filter((file) => file.startsWith('server/src/'))
      .map((file) => [file, readFileSync(resolve(root, file), 'utf8')]),
  );
  breaches.push(...ownershipBreaches(sources));
  breaches.push(...bootstrapBreaches(['scripts/start.mjs', 'scripts/test.mjs']));
  return breaches;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const breaches = await architectureBreaches();
  if (breaches.length > 0) {
    console.error(`Architecture: ${breaches.length} breach(es) (docs/architecture.md)\n${breaches.join('\n')}`);
    process.exit(1);
  }
  console.log(
    `Architecture: no import cycle, modules entered through their faces, client imports running down its floors, owned tables written by their owners (${relative(process.cwd(), root) || '.'})`,
  );
}
