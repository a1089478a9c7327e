import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filesUnder, OWNERS, ownershipBreaches, tableUses, wiringBreaches } from '../../scripts/check-architecture.mjs';
import { adrIndex, moduleMap, replaceSection } from '../../scripts/lib/generated-docs.mjs';

// A small world: two tables described in the schema, owned by game and auth; stats declares one read.
const SCHEMA = {
  'server/src/db/schema/x.ts': `export const users = table('users', {});\nexport const rolls = table(\n  'rolls', {});`,
};
const owners = {
  tables: { users: 'modules/auth', rolls: 'modules/game' } as Record<string, string>,
  columns: { 'users.payout_address_changed_at': 'modules/withdrawal-rules' },
  reads: { 'modules/stats': [{ tables: ['users'], why: 'leaderboards' }] },
};
const breachesOf = (files: Record<string, string>, map = owners) => ownershipBreaches({ ...SCHEMA, ...files }, map);
const OWN = {
  'server/src/modules/game/repo.ts': `sql('INSERT INTO rolls (user_id) VALUES (:u)'); sql('SELECT 1 FROM rolls');`,
  'server/src/modules/stats/repo.ts': `sql('SELECT username FROM users u JOIN users v ON v.id = u.id');`,
};

describe('table owners (scripts/check-architecture.mjs)', () => {
  it('passes when owners write their tables and readers declared their reads', () => {
    expect(breachesOf(OWN)).toEqual([]);
  });

  it('fails on a write of a foreign table, in SQL or through a Drizzle table object', () => {
    for (const text of [
      `sql('UPDATE rolls SET die = 1 WHERE id = :id')`,
      'sql(`DELETE FROM "rolls" WHERE id = :id`)',
      `await db.update(rolls).set({ die: 1 })`,
      `await tx.insert(tables.rolls).values(row)`,
    ]) {
      const breaches = breachesOf({ ...OWN, 'server/src/modules/events/repo.ts': text });
      expect(breaches, text).toEqual([
        expect.stringMatching(/^server\/src\/modules\/events\/repo\.ts writes rolls: only modules\/game/),
      ]);
    }
  });

  it('fails on an undeclared read of a foreign table, in SQL, in Drizzle or as a row type', () => {
    for (const text of [
      `sql('SELECT count(*) AS n FROM rolls WHERE user_id = :u')`,
      `sql('SELECT 1 FROM users u LEFT JOIN rolls r ON r.user_id = u.id')`,
      `db.select().from(rolls).where(eq(rolls.userId, id))`,
      `type R = Row<'rolls'>;`,
    ]) {
      const breaches = breachesOf({ ...OWN, 'server/src/modules/stats/scores.ts': text });
      expect(breaches, text).toEqual([expect.stringMatching(/scores\.ts names rolls, owned by modules\/game/)]);
    }
  });

  it('lets a column owner write its own columns of a foreign table, and nothing else', () => {
    const mine = `sql('UPDATE users SET payout_address_changed_at = :now WHERE id = :userId')`;
    expect(breachesOf({ ...OWN, 'server/src/modules/withdrawal-rules/check.ts': mine })).toEqual([]);
    const more = `sql('UPDATE users SET payout_address_changed_at = :now, email = :e WHERE id = :userId')`;
    expect(breachesOf({ ...OWN, 'server/src/modules/withdrawal-rules/check.ts': more })).toEqual([
      expect.stringMatching(/check\.ts writes users: only modules\/auth/),
    ]);
    const owner = `sql('UPDATE users SET payout_address_changed_at = NULL WHERE id = :id')`;
    expect(breachesOf({ ...OWN, 'server/src/modules/auth/accounts.ts': owner })).toEqual([
      expect.stringMatching(/accounts\.ts writes users\.payout_address_changed_at: only modules\/withdrawal-rules/),
    ]);
  });

  it('fails on a table without an owner and on a declared read no longer made', () => {
    const { rolls: _gone, ...rest } = owners.tables;
    expect(breachesOf({ 'server/src/modules/game/repo.ts': 'const n = 1;' }, { ...owners, tables: rest })).toEqual(
      expect.arrayContaining([
        'rolls has no owning module: name one in OWNERS.tables',
        'modules/stats declares a read of users it no longer makes',
      ]),
    );
  });

  it('does not count a comment that speaks of a table', () => {
    const text = `// the count comes from rolls\n/* UPDATE rolls SET x = 1 */\nconst n = 1;`;
    expect(tableUses(text, new Map([['rolls', 'rolls']]))).toEqual([]);
  });

  it('passes on the server: every table has an owner, every foreign use is declared', () => {
    const sources = Object.fromEntries(
      filesUnder('server/src')
        .filter((file: string) => file.endsWith('.ts'))
        .map((file: string) => [file, readFileSync(file, 'utf8')]),
    );
    expect(ownershipBreaches(sources)).toEqual([]);
    const described = Object.keys(sources).filter((file) => file.startsWith('server/src/db/schema/')).length;
    expect(described).toBeGreaterThan(5);
    expect(Object.keys(OWNERS.tables).length).toBeGreaterThanOrEqual(48);
  });
});

describe('the module list (server/src/wiring/modules.ts)', () => {
  const text = `export const SERVICE_MODULES = ['ledger'] as const;
export const MODULES = [{ modules: ['game'], register }, { modules: ['profile', 'social'], register }];`;

  it('passes when every module folder is declared once', () => {
    expect(wiringBreaches(text, ['game', 'ledger', 'profile', 'social'])).toEqual([]);
  });

  it('fails on a module folder nobody declared, a declared module with no folder, and an import of the wiring', () => {
    expect(wiringBreaches(text, ['game', 'ledger', 'profile', 'social', 'quests'])).toEqual([
      expect.stringMatching(/modules\/quests is not declared/),
    ]);
    expect(wiringBreaches(text, ['game', 'ledger', 'profile'])).toEqual([
      expect.stringMatching(/declares social, which is not a folder/),
    ]);
    const files = { 'server/src/modules/game/service.ts': ['server/src/wiring/services.ts'] };
    expect(wiringBreaches(text, ['game', 'ledger', 'profile', 'social'], files)).toEqual([
      expect.stringMatching(/game\/service\.ts imports the wiring/),
    ]);
  });

  it('passes on the code', () => {
    const dirs = readdirSync('server/src/modules', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(wiringBreaches(readFileSync('server/src/wiring/modules.ts', 'utf8'), dirs)).toEqual([]);
  });
});

describe('generated docs (scripts/lib/generated-docs.mjs)', () => {
  it('indexes every record by its first heading, in number order', () => {
    const index = adrIndex({
      '0002-b.md': '# 0002 Second\n\n## Context',
      '0001-a.md': '# 0001. First | one\n',
      'README.md': '# Architecture decision records',
    });
    expect(index.split('\n').slice(2)).toEqual([
      '| 0001 | [First \\| one](0001-a.md) |',
      '| 0002 | [Second](0002-b.md) |',
    ]);
    expect(() => adrIndex({ '0003-c.md': 'no heading' })).toThrow(/0003-c\.md/);
  });

  it('maps modules to tiers by their imports, with what they own', () => {
    const imports = new Map([
      ['ledger', new Set<string>()],
      ['game', new Set(['ledger'])],
      ['stats', new Set(['game', 'ledger'])],
    ]);
    const faces = { game: '/** Rolls and state. Other code imports this module only through this file. */' };
    const rows = moduleMap(imports, { rolls: 'modules/game', ledger_entries: 'modules/ledger' }, faces).split('\n');
    expect(rows.slice(2)).toEqual([
      '| 1 | `ledger` | - | - | `ledger_entries` |',
      '| 2 | `game` | Rolls and state. | `ledger` | `rolls` |',
      '| 3 | `stats` | - | `game`, `ledger` | - |',
    ]);
  });

  it('replaces only the marked section, and refuses a document without it', () => {
    const doc = 'intro\n<!-- x:start (generated: npm run docs:generate) -->\nold\n<!-- x:end -->\noutro';
    expect(replaceSection(doc, 'x', 'new')).toBe(
      'intro\n<!-- x:start (generated: npm run docs:generate) -->\nnew\n<!-- x:end -->\noutro',
    );
    expect(() => replaceSection('intro', 'x', 'new')).toThrow(/no generated section x/);
  });
});
