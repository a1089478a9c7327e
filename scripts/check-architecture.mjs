// The house's shape, checked: no import cycle between files (server, shared, client), no cycle
// between server modules, modules entered only through their face (index.ts), the bottom layer
// importing nothing above it, client imports running only down its floors
// (scripts/lib/client-floors.mjs), and every table written by its owner. docs/architecture.md
// describes the layers. Exits 1 on any breach.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { clientImportBreach, clientPartOf } from './lib/client-floors.mjs';
import { OWNERS } from './lib/table-owners.mjs';
import { adrIndex, moduleMap, replaceSection } from './lib/generated-docs.mjs';

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

/** @typedef {import('./lib/table-owners.mjs').Owners} Owners */
export { OWNERS } from './lib/table-owners.mjs';

/** The tables described in server/src/db/schema: SQL name -> Drizzle key. @param {Record<string, string>} sources */
export function describedTables(sources) {
  /** @type {Map<string, string>} */
  const tables = new Map();
  for (const [file, text] of Object.entries(sources)) {
    if (!file.startsWith('server/src/db/schema/')) continue;
    for (const m of text.matchAll(/export const (\w+) = table\(\s*'(\w+)'/g)) tables.set(m[2] ?? '', m[1] ?? '');
  }
  return tables;
}

/** Source text without comments (a comment may speak of a table without using it). @param {string} text */
export const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|\s)\/\/[^\n]*/g, '$1');

/** The columns a write statement sets, or null when the text does not list them. @param {string} rest */
function setColumns(rest) {
  const clause = rest.split(/\b(?:WHERE|RETURNING|FROM)\b|`|'\s*[,)]/i)[0] ?? '';
  if (clause.includes('${')) return null;
  return [...clause.matchAll(/(?:^|,)\s*"?(\w+)"?\s*=/g)].map((m) => m[1] ?? '');
}

/**
 * Where a source uses tables: SQL that reads, joins or writes them, Drizzle's query builder over the
 * table objects, and row types. Each use names the table, whether it writes, and the columns a write
 * sets (null: all or unknown).
 * @param {string} source
 * @param {Map<string, string>} tables SQL name -> Drizzle key
 * @returns {{ table: string, write: boolean, columns: string[] | null }[]}
 */
export function tableUses(source, tables) {
  const text = withoutComments(source);
  const bySql = new Map([...tables.keys()].map((t) => [t.toLowerCase(), t]));
  const byKey = new Map([...tables].map(([name, key]) => [key, name]));
  /** @type {{ table: string, write: boolean, columns: string[] | null }[]} */
  const uses = [];
  for (const m of text.matchAll(/\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|FROM|JOIN)\s+"?(\w+)"?/gi)) {
    const table = bySql.get((m[2] ?? '').toLowerCase());
    if (!table) continue;
    const verb = (m[1] ?? '').toUpperCase().replace(/\s+/g, ' ');
    const rest = text.slice((m.index ?? 0) + m[0].length);
    if (verb === 'UPDATE') {
      const set = /^\s+(?:AS\s+)?\w*\s*SET\b/i.exec(rest);
      uses.push(
        set
          ? { table, write: true, columns: setColumns(rest.slice(set[0].length)) }
          : { table, write: false, columns: null },
      );
    } else if (verb === 'INSERT INTO') {
      const list = /^\s*\(([^)]*)\)/.exec(rest);
      uses.push({
        table,
        write: true,
        columns: list ? (list[1] ?? '').split(',').map((c) => c.trim().replace(/"/g, '')) : null,
      });
    } else uses.push({ table, write: verb === 'DELETE FROM', columns: null });
  }
  for (const m of text.matchAll(
    /\.(insert|update|delete|from|innerJoin|leftJoin|rightJoin|fullJoin|join)\(\s*(?:\w+\.)?(\w+)\s*[,)]/g,
  )) {
    const table = byKey.get(m[2] ?? '');
    if (table) uses.push({ table, write: ['insert', 'update', 'delete'].includes(m[1] ?? ''), columns: null });
  }
  for (const m of text.matchAll(/\b(?:New)?Row<'(\w+)'>/g)) {
    const table = byKey.get(m[1] ?? '');
    if (table) uses.push({ table, write: false, columns: null });
  }
  return uses;
}

/**
 * Breaches of the ownership map in server sources (path from the project root -> text): a table
 * without an owner, a write by another module, a read nobody declared, a declared read no longer
 * used. The descriptions (db/schema) name every table and are not users of them.
 * @param {Record<string, string>} sources
 * @param {Owners} owners
 */
export function ownershipBreaches(sources, owners = OWNERS) {
  const breaches = [];
  const tables = describedTables(sources);
  for (const table of tables.keys())
    if (!owners.tables[table]) breaches.push(`${table} has no owning module: name one in OWNERS.tables`);
  /** @param {string} table */
  const columnOwners = (table) =>
    Object.entries(owners.columns)
      .filter(([key]) => key.startsWith(`${table}.`))
      .map(([key, owner]) => ({ column: key.slice(table.length + 1), owner }));
  const usedReads = new Set();
  for (const [file, text] of Object.entries(sources)) {
    if (!file.startsWith('server/src/') || file.startsWith('server/src/db/schema/')) continue;
    const part = partOf(file);
    const seen = new Set();
    for (const use of tableUses(text, tables)) {
      const owner = owners.tables[use.table];
      if (!owner) continue;
      const columns = columnOwners(use.table);
      /** @param {string} message */
      const report = (message) => {
        if (!seen.has(message)) breaches.push(message);
        seen.add(message);
      };
      if (use.write) {
        const own = columns.filter((c) => c.owner === part).map((c) => c.column);
        const mine =
          part === owner ||
          (use.columns !== null && use.columns.length > 0 && use.columns.every((c) => own.includes(c)));
        if (!mine)
          report(
            `${file} writes ${use.table}: only ${owner} writes it (its owner); call a function ${owner}/index.ts exports`,
          );
        for (const c of columns)
          if (c.owner !== part && use.columns?.includes(c.column))
            report(`${file} writes ${use.table}.${c.column}: only ${c.owner} writes it (its owner)`);
        continue;
      }
      if (part === owner || columns.some((c) => c.owner === part)) continue;
      const declared = (owners.reads[part] ?? []).findIndex((r) => r.tables.includes(use.table));
      if (declared >= 0) usedReads.add(`${part}:${use.table}`);
      else
        report(
          `${file} names ${use.table}, owned by ${owner}: read it through ${owner}/index.ts, or declare the read model in OWNERS.reads`,
        );
    }
  }
  if (Object.keys(sources).some((file) => file.startsWith('server/src/modules/')))
    for (const [part, reads] of Object.entries(owners.reads))
      for (const read of reads)
        for (const table of read.tables)
          if (!usedReads.has(`${part}:${table}`))
            breaches.push(`${part} declares a read of ${table} it no longer makes`);
  return breaches;
}

/**
 * The module list (server/src/wiring/modules.ts) against the modules on disk: every folder of
 * server/src/modules is declared once, as registering something (MODULES) or as a service others call
 * (SERVICE_MODULES), and the list names no module that is not there. Only app.ts imports the wiring.
 * @param {string} wiringText the text of server/src/wiring/modules.ts
 * @param {string[]} moduleDirs the folders of server/src/modules
 * @param {Record<string, string[]>} files the server's file graph
 */
export function wiringBreaches(wiringText, moduleDirs, files = {}) {
  const breaches = [];
  const declared = new Set();
  for (const m of wiringText.matchAll(/modules:\s*\[([^\]]*)\]/g))
    for (const name of (m[1] ?? '').matchAll(/'([^']+)'/g)) declared.add(name[1]);
  const service = /SERVICE_MODULES\s*=\s*\[([^\]]*)\]/.exec(wiringText);
  for (const name of (service?.[1] ?? '').matchAll(/'([^']+)'/g)) {
    if (declared.has(name[1]))
      breaches.push(`wiring/modules.ts: ${name[1]} is both a service module and registers routes`);
    declared.add(name[1]);
  }
  for (const dir of moduleDirs)
    if (!declared.has(dir))
      breaches.push(
        `server/src/modules/${dir} is not declared in server/src/wiring/modules.ts (MODULES or SERVICE_MODULES)`,
      );
  for (const name of declared)
    if (!moduleDirs.includes(name))
      breaches.push(`wiring/modules.ts declares ${name}, which is not a folder of server/src/modules`);
  for (const [file, deps] of Object.entries(files))
    if (
      file !== 'server/src/app.ts' &&
      !file.startsWith('server/src/wiring/') &&
      deps.some((d) => d.startsWith('server/src/wiring/'))
    )
      breaches.push(`${file} imports the wiring: only app.ts builds the app from it`);
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

/** Files under a folder, recursively, as paths from the project root. @param {string} dir @returns {string[]} */
export const filesUnder = (dir) =>
  readdirSync(resolve(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
  );

/**
 * The generated sections of the docs as the code gives them (path -> text): the ADR index and the
 * server's module map.
 * @param {Record<string, string[]>} files the server's file graph
 */
export function generatedDocs(files) {
  /** @type {Map<string, Set<string>>} */
  const imports = new Map();
  /** @type {Record<string, string>} */
  const faces = {};
  for (const [file, deps] of Object.entries(files)) {
    const from = partOf(file);
    if (!from.startsWith('modules/')) continue;
    const name = from.slice('modules/'.length);
    if (!imports.has(name)) imports.set(name, new Set());
    if (file === `server/src/${from}/index.ts`) faces[name] = readFileSync(resolve(root, file), 'utf8');
    for (const dep of deps) {
      const to = partOf(dep);
      if (to.startsWith('modules/') && to !== from) imports.get(name)?.add(to.slice('modules/'.length));
    }
  }
  const adrDir = 'docs/adr';
  const records = Object.fromEntries(
    readdirSync(resolve(root, adrDir)).map((file) => [file, readFileSync(resolve(root, adrDir, file), 'utf8')]),
  );
  const read = (/** @type {string} */ file) => readFileSync(resolve(root, file), 'utf8');
  return {
    'docs/adr/README.md': replaceSection(read('docs/adr/README.md'), 'adr-index', adrIndex(records)),
    'docs/architecture.md': replaceSection(
      read('docs/architecture.md'),
      'module-map',
      moduleMap(imports, OWNERS.tables, faces),
    ),
  };
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
    filesUnder('server/src')
      .filter((file) => file.endsWith('.ts'))
      .map((file) => [file, readFileSync(resolve(root, file), 'utf8')]),
  );
  breaches.push(...ownershipBreaches(sources));
  const moduleDirs = readdirSync(resolve(root, 'server/src/modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  breaches.push(...wiringBreaches(sources['server/src/wiring/modules.ts'] ?? '', moduleDirs, server.obj()));
  breaches.push(...bootstrapBreaches(['scripts/start.mjs', 'scripts/test.mjs']));
  for (const [file, text] of Object.entries(generatedDocs(server.obj()))) {
    if (process.argv.includes('--write-docs')) writeFileSync(resolve(root, file), text);
    else if (readFileSync(resolve(root, file), 'utf8') !== text)
      breaches.push(`${file} is stale: its generated sections differ from the code (npm run docs:generate)`);
  }
  return breaches;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const breaches = await architectureBreaches();
  if (breaches.length > 0) {
    console.error(`Architecture: ${breaches.length} breach(es) (docs/architecture.md)\n${breaches.join('\n')}`);
    process.exit(1);
  }
  console.log(
    `Architecture: no import cycle, modules entered through their faces, client imports running down its floors, every table written by its owner and read by its owner or a declared read model (${relative(process.cwd(), root) || '.'})`,
  );
}
