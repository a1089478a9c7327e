import type { Plugin } from 'vite';
import ts from 'typescript';

/** What the browser needs of an entry: where to send the call, with whose token, and how. */
const KEPT = new Set(['method', 'path', 'auth', 'tags', 'multipart']);

const ENTRY_MODULE = /\/shared\/src\/api\/endpoints\/(?!index\.)[^/]+\.ts$/;

/**
 * Strips one entry module of the endpoint table (shared/src/api/endpoints/<group>.ts) down to the
 * fields a browser uses: every other property of an `endpoint({...})` call (schemas, summaries,
 * descriptions, statuses) is removed from the source, so that its schema imports fall unused and the
 * bundler drops them with TypeBox (shared is `sideEffects: false`). The client takes its types from
 * the full entries through tsc; at run time `call` reads only method, path, auth and multipart, and
 * the query keys the tag. Without this the landing would carry TypeBox and the auth schemas for its
 * login form (docs/decisions.md, "Typed client").
 */
export function endpointTableForBrowser(): Plugin {
  return {
    name: 'gogo-endpoint-table-for-browser',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!ENTRY_MODULE.test(file)) return null;
      const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const cuts: Array<[number, number]> = [];
      const visit = (node: ts.Node): void => {
        if (
          ts.isCallExpression(node) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === 'endpoint' &&
          node.arguments[0] &&
          ts.isObjectLiteralExpression(node.arguments[0])
        ) {
          for (const property of node.arguments[0].properties) {
            const name = property.name && ts.isIdentifier(property.name) ? property.name.text : undefined;
            if (name !== undefined && KEPT.has(name)) continue;
            if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue;
            // The property and its comma; comments before it go too (they describe it).
            const end = code[property.end] === ',' ? property.end + 1 : property.end;
            cuts.push([property.getFullStart(), end]);
          }
          return;
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      if (cuts.length === 0) return null;
      let out = code;
      for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
      return { code: out, map: null };
    },
  };
}
