// Sections of the docs written from the code and the records, so they cannot drift: the ADR index
// (docs/adr/README.md) from the records' headings, and the module map (docs/architecture.md) from
// the server's import graph and the table owners. `npm run docs:generate` rewrites them;
// `npm run check:architecture` fails when a committed section differs from what the code gives.

/** The text between `<!-- name:start -->` and `<!-- name:end -->` replaced by `body`. */
export function replaceSection(/** @type {string} */ text, /** @type {string} */ name, /** @type {string} */ body) {
  const start = `<!-- ${name}:start (generated: npm run docs:generate) -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`no generated section ${name} (${start} ... ${end})`);
  return `${text.slice(0, from + start.length)}\n${body.trimEnd()}\n${text.slice(to)}`;
}

/**
 * The ADR index: one row per record, by number, titled by its first heading (`# 0001. Title` or
 * `# 0001 Title`).
 * @param {Record<string, string>} records file name -> text
 */
export function adrIndex(records) {
  const rows = Object.entries(records)
    .filter(([file]) => /^\d{4}-.*\.md$/.test(file))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, text]) => {
      const heading = /^#\s+(\d{4})\.?\s+(.+)$/m.exec(text);
      if (!heading) throw new Error(`docs/adr/${file} does not start with "# NNNN Title"`);
      return `| ${heading[1]} | [${(heading[2] ?? '').trim().replace(/\|/g, '\\|')}](${file}) |`;
    });
  return ['| Number | Decision |', '| ------ | -------- |', ...rows].join('\n');
}

/**
 * The server's module map: each module's tier (1 + the highest tier it imports), what it imports, and
 * the tables it owns.
 * @param {Map<string, Set<string>>} imports module name -> module names it imports (other modules only)
 * @param {Record<string, string>} tableOwners table -> owning part (`modules/<name>`)
 * @param {Record<string, string>} faces module name -> text of its index.ts (its first comment describes it)
 */
export function moduleMap(imports, tableOwners, faces = {}) {
  /** @type {Map<string, number>} */
  const tiers = new Map();
  /** @param {string} name @returns {number} */
  const tierOf = (name) => {
    const known = tiers.get(name);
    if (known !== undefined) return known;
    tiers.set(name, 0);
    const tier = 1 + Math.max(0, ...[...(imports.get(name) ?? [])].map(tierOf));
    tiers.set(name, tier);
    return tier;
  };
  const names = [...imports.keys()].sort();
  for (const name of names) tierOf(name);
  /** @type {Map<string, string[]>} */
  const owned = new Map();
  for (const [table, owner] of Object.entries(tableOwners).sort(([a], [b]) => a.localeCompare(b))) {
    const name = owner.replace(/^modules\//, '');
    owned.set(name, [...(owned.get(name) ?? []), table]);
  }
  const rows = names
    .sort((a, b) => (tiers.get(a) ?? 0) - (tiers.get(b) ?? 0) || a.localeCompare(b))
    .map((name) => {
      const deps = [...(imports.get(name) ?? [])].sort().map((d) => `\`${d}\``);
      const tables = (owned.get(name) ?? []).map((t) => `\`${t}\``);
      const what = describe(faces[name] ?? '');
      return `| ${tiers.get(name)} | \`${name}\` | ${what} | ${deps.join(', ') || '-'} | ${tables.join(', ') || '-'} |`;
    });
  return [
    '| tier | module | what it is | imports | owns the tables |',
    '| ---: | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** A module's description: the first comment of its face, without the sentence about the face. */
function describe(/** @type {string} */ face) {
  const comment = /^\s*(?:\/\*\*([\s\S]*?)\*\/|\/\/([^\n]*))/.exec(face);
  const text = (comment?.[1] ?? comment?.[2] ?? '')
    .replace(/^\s*\*\s?/gm, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*Other code imports this module only through this file\.?/, '')
    .replace(/:?\s*the module's face\.?|\s*The module's face\.?/, '')
    .replace(/\|/g, '\\|')
    .trim();
  return text || '-';
}
