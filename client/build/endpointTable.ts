import type { Plugin } from 'vite';
import ts from 'typescript';

/** What the browser needs of an entry: where to send the call, with whose token, and how. */
const KEPT = new Set(['method', 'path', 'auth', 'tags', 'multipart']);

const ENTRY_MODULE = /\/shared\/src\/api\/endpoints\/(?!index\.)[^/]+\.ts$/;

const isLiteral = (node: ts.Expression): boolean =>
  ts.isStringLiteral(node) ||
  ts.isNoSubstitutionTemplateLiteral(node) ||
  node.kind === ts.SyntaxKind.TrueKeyword ||
  node.kind === ts.SyntaxKind.FalseKeyword ||
  (ts.isArrayLiteralExpression(node) && node.elements.every((e) => ts.isStringLiteral(e)));

/** `export const name = endpoint({...})`: the call's object literal, else undefined. */
function entryObject(statement: ts.Statement): ts.ObjectLiteralExpression | undefined {
  if (!ts.isVariableStatement(statement)) return undefined;
  if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return undefined;
  const [declaration] = statement.declarationList.declarations;
  const init = declaration?.initializer;
  if (statement.declarationList.declarations.length !== 1 || !init || !ts.isCallExpression(init)) return undefined;
  if (!ts.isIdentifier(init.expression) || init.expression.text !== 'endpoint') return undefined;
  const [arg] = init.arguments;
  return arg && ts.isObjectLiteralExpression(arg) ? arg : undefined;
}

const VIRTUAL = '\0gogo-endpoint:';

/**
 * Rewrites one entry module of the endpoint table (shared/src/api/endpoints/<group>.ts) for the
 * browser. Each `export const x = endpoint({...})` becomes a module of its own holding only the
 * fields a browser uses (literals: method, path, auth, tags, multipart), and the group module
 * re-exports them; everything else goes (schema and TypeBox imports, helper constants, summaries).
 * - Without schemas, no TypeBox: a bundler keeps TypeBox's module-level code for any import left.
 * - One module per entry: a bundler places a module, with every export any chunk uses, in the
 *   chunk shared by its importers; a group module imported by the main chunk (the realtime cache's
 *   keys) would otherwise carry the back office's mutations to the landing.
 * The client takes its types from the full entries through tsc; at run time `call` reads method,
 * path, auth and multipart, and the query keys the tag (docs/decisions.md, "Typed client").
 */
export function endpointTableForBrowser(): Plugin {
  const entries = new Map<string, string>();
  return {
    name: 'gogo-endpoint-table-for-browser',
    enforce: 'pre',
    resolveId(source) {
      return source.startsWith(VIRTUAL) ? source : null;
    },
    load(id) {
      return id.startsWith(VIRTUAL) ? (entries.get(id) ?? null) : null;
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!ENTRY_MODULE.test(file)) return null;
      const group = file.slice(file.lastIndexOf('/') + 1, -'.ts'.length);
      const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const out: string[] = [];
      for (const statement of source.statements) {
        const object = entryObject(statement);
        if (!object) continue;
        const fields = object.properties.flatMap((property) => {
          if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) return [];
          if (!KEPT.has(property.name.text)) return [];
          if (!isLiteral(property.initializer)) {
            throw new Error(`${file}: the browser build keeps '${property.name.text}' only as a literal`);
          }
          return [property.getText(source)];
        });
        const name = (statement as ts.VariableStatement).declarationList.declarations[0]!.name.getText(source);
        const virtual = `${VIRTUAL}${group}:${name}`;
        // endpoint() is the identity: the browser gets the object itself.
        entries.set(virtual, `export const ${name} = { ${fields.join(', ')} };`);
        out.push(`export { ${name} } from ${JSON.stringify(virtual)};`);
      }
      return { code: out.join('\n'), map: null };
    },
  };
}
