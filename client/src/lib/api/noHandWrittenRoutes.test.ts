import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every call goes through `call(entry, ...)` (./call.ts) with an entry of the endpoint
 * table, so no module outside client/src/lib/api writes a route's URL, an answer type or a raw fetch.
 * Tests are left out: they assert the URLs `call` builds.
 */
const SRC = fileURLToPath(new URL('../..', import.meta.url));

/** Files that may name an /api URL or fetch by hand, and why. */
const ALLOWED: Record<string, string> = {
  // The offline page is its own tiny entry (client/offline.html) without the app's client or session:
  // it only asks whether the server answers again.
  'offline/offline.ts': 'GET /api/health before reloading',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** What a module writes by hand: /api URLs in strings and templates, typed calls of the old client, raw fetches. */
function handWrittenRoutes(name: string, code: string): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      if (/^\/api(\/|$|\?)/.test(node.text)) found.push(`URL ${node.text}`);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      if (/^(api|adminApi)\.(get|post|put|patch|delete)$/.test(callee)) found.push(`${callee}(...)`);
      if (callee === 'fetch' || callee === 'window.fetch') found.push('fetch(...)');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no hand-written routes outside client/src/lib/api', () => {
  it('finds what it looks for', () => {
    const planted = [
      "api.get<RollResult>('/game/roll');",
      "adminApi.post('/unlock-user', { email });",
      'fetch(`/api/user/export/${id}`);',
      "const url = '/api/public/stats';",
    ].join('\n');
    expect(handWrittenRoutes('planted.ts', planted)).toEqual([
      'api.get(...)',
      'adminApi.post(...)',
      'fetch(...)',
      'URL /api/user/export/',
      'URL /api/public/stats',
    ]);
    expect(handWrittenRoutes('fine.ts', "call(game.roll, { body: { requestId } }); const p = '/profile';")).toEqual([]);
  });

  it('holds for every module of the client', () => {
    const offenders = sourceFiles(SRC)
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((file) => !file.startsWith('lib/api/') && !(file in ALLOWED))
      .flatMap((file) =>
        handWrittenRoutes(file, readFileSync(join(SRC, file), 'utf8')).map((what) => `${file}: ${what}`),
      );
    expect(offenders).toEqual([]);
  });
});
