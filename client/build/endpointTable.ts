import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import ts from 'typescript';

/** What the browser needs of an entry: where to send the call, with whose token, and how. */
const KEPT = new Set(['method', 'path', 'auth', 'multipart']);

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
const GROUP_IMPORT = '@gogo/shared/api/endpoints/';
const ENDPOINTS_DIR = fileURLToPath(new URL('../../shared/src/api/endpoints/', import.meta.url));

/** The entries of one group module, by export name, as the object literals a browser gets. */
function browserEntries(file: string, code: string): Map<string, string> {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const entries = new Map<string, string>();
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
    entries.set(name, `{ ${fields.join(', ')} }`);
  }
  return entries;
}

/**
 * Replaces `group.entry` with the entry's object literal in a client module that imports a group as
 * a namespace (`import * as game from '@gogo/shared/api/endpoints/game'`), so that the entry travels
 * inside the chunk that uses it, like the path string it replaces; null when there is none.
 */
function inlineEntries(code: string, id: string, groups: (group: string) => Map<string, string>): string | null {
  const kind = id.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, kind);
  const aliases = new Map<string, Map<string, string>>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    const bindings = statement.importClause?.namedBindings;
    if (!from.startsWith(GROUP_IMPORT) || !bindings || !ts.isNamespaceImport(bindings)) continue;
    aliases.set(bindings.name.text, groups(from.slice(GROUP_IMPORT.length)));
  }
  if (aliases.size === 0) return null;
  const cuts: Array<[number, number, string]> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const literal = aliases.get(node.expression.text)?.get(node.name.text);
      if (literal) {
        cuts.push([node.getStart(source), node.end, `(${literal})`]);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const [start, end, text] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/**
 * Rewrites one entry module of the endpoint table (shared/src/api/endpoints/<group>.ts) for the
 * browser. Each `export const x = endpoint({...})` becomes a module of its own holding only the
 * fields a browser uses (literals: method, path, auth, multipart), and the group module
 * re-exports them; everything else goes (schema and TypeBox imports, helper constants, summaries).
 * - Without schemas, no TypeBox: a bundler keeps TypeBox's module-level code for any import left.
 * - One module per entry: a bundler places a module, with every export any chunk uses, in the
 *   chunk shared by its importers; a group module imported by the main chunk (the realtime cache's
 *   keys) would otherwise carry the back office's mutations to the landing.
 * The client takes its types from the full entries through tsc; at run time `call` reads method,
 * path, auth and multipart, and the query keys the path (CHANGELOG.md, "Typed client").
 */
export function endpointTableForBrowser(): Plugin {
  const entries = new Map<string, string>();
  const groups = new Map<string, Map<string, string>>();
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
      if (ENTRY_MODULE.test(file)) {
        const group = file.slice(file.lastIndexOf('/') + 1, -'.ts'.length);
        const out: string[] = [];
        for (const [name, literal] of browserEntries(file, code)) {
          const virtual = `${VIRTUAL}${group}:${name}`;
          entries.set(virtual, `export const ${name} = ${literal};`);
          out.push(`export { ${name} } from ${JSON.stringify(virtual)};`);
        }
        return { code: out.join('\n'), map: null };
      }
      if (!file.includes('/client/src/') || !code.includes(GROUP_IMPORT)) return null;
      const out = inlineEntries(code, file, (group) => {
        let known = groups.get(group);
        if (!known) {
          const path = `${ENDPOINTS_DIR}${group}.ts`;
          known = browserEntries(path, readFileSync(path, 'utf8'));
          groups.set(group, known);
        }
        return known;
      });
      return out === null ? null : { code: out, map: null };
    },
  };
}
