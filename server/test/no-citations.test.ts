import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Code, tests and docs state a rule or a reason, never the number of the issue, defect or house rule
 * that asked for it: a reader should not need the tracker to understand a line. Only CHANGELOG.md,
 * which tells the project's history, may name issue numbers.
 */
export const CITATION = /\b(issue|defect|rule) ?#?[0-9]+/i;
const ALLOWED = new Set(['CHANGELOG.md']);
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|css|html|md|json|yml|yaml|sql|svg|txt|sh)$|^[^.]*$/;

const root = join(import.meta.dirname, '..', '..');

function citations(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  const found: string[] = [];
  for (const file of files) {
    if (!file || ALLOWED.has(file) || !TEXT.test(file) || file.endsWith('package-lock.json')) continue;
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue; // listed but deleted in the working tree
    }
    text.split('\n').forEach((line, index) => {
      if (CITATION.test(line)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  return found;
}

describe('code that explains itself', () => {
  it('recognises a citation of an issue, a defect or a house rule, and not ordinary numbers', () => {
    // Built from parts, so that this file does not cite anything itself.
    const n = (k: number) => String(k);
    for (const cited of [`(issue ${n(13)})`, `Defect ${n(2)}:`, `house rule ${n(7)}`, `issue #${n(21)}`]) {
      expect(cited).toMatch(CITATION);
    }
    for (const plain of ['the rules of 2024', 'tissue 13', 'a 13-issue run', 'ruleset 2']) {
      expect(plain).not.toMatch(CITATION);
    }
  });

  it('cites no issue, defect or house-rule number in any tracked file but CHANGELOG.md', () => {
    expect(citations()).toEqual([]);
  });
});
