import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The vocabularies live in shared/src/rules (shared/test/rules/vocabularies.test.ts checks what
// derives from them); this scan fails when a schema or a server file writes one out again by hand.
describe('vocabularies are not restated', () => {
  it('no source restates a list by hand: tile types, chain coins and the last tile id come from the rules', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e: Dirent) =>
        e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    const restated = [
      /Type\.Literal\('(START|PROPERTY|CHANCE|PENALTY|JACKPOT)'\)/,
      /\[\s*'ETH',\s*'USDT',\s*'USDC'\s*\]/,
      /maximum:\s*19\b/,
      /text\('(metric|type|coin|asset)',\s*\[/,
    ];
    const offenders = ['shared/src/api', 'server/src']
      .flatMap((dir) => files(join(__dirname, '../..', dir)))
      .filter((file) => restated.some((re) => re.test(readFileSync(file, 'utf8'))));
    expect(offenders).toEqual([]);
  });
});
