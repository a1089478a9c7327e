/**
 * A schema-driven fuzz test. Every registered route (the app's route table, recorded by
 * plugins/strict-inputs.ts) gets bodies, querystrings and path params generated with fast-check from
 * its own TypeBox schemas, bent out of shape (wrong types, edge values, missing and extra fields,
 * junk and malformed JSON), sent through app.inject as a player or an admin when the route asks for
 * one. It fails on any 5xx and on any answer outside the envelope. Bounded: a few runs per route.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/plugins/strict-inputs.js';
import { createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { createTestAdmin, creditGogo, makeEligibleToWithdraw } from './money-helpers.js';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};

const RUNS_PER_ROUTE = 15;
const SEED = 1313;

/** Values that break most schemas: wrong types, coercible strings, huge and odd numbers. */
const junk = fc.constantFrom<unknown>(
  null,
  true,
  false,
  [],
  [100],
  {},
  { $gt: 0 },
  '',
  ' ',
  '0x64',
  '1e3',
  '1e400',
  'NaN',
  '-1',
  '\u0000',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'a'.repeat(5000),
  0,
  -1,
  1.5,
  -0.0001,
  2 ** 53 + 1,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
);

/** A value shaped by the schema (roughly valid), so that deeper code runs too. */
function validish(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.anything({ maxDepth: 1 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => validish(b, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, -1_000_000_000),
        max: Math.min(schema.maximum ?? 1_000_000, 1_000_000_000),
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validish(schema.items, depth + 1), { maxLength: 3 });
    case 'object':
      return objectOf(schema, depth);
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/** A value for one field: mostly schema-shaped, often junk, sometimes any JSON at all. */
function field(schema: Schema | undefined, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: validish(schema, depth + 1) },
    { weight: 2, arbitrary: junk },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );
}

function objectOf(schema: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) model[key] = field(sub, depth);
  // Any field may be missing; now and then an unknown field rides along.
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.option(fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 2 })),
    )
    .map(([known, extra]) => ({ ...(extra ?? {}), ...known }));
}

/** The raw body: the schema's object bent out of shape, junk at the top, or malformed JSON. */
function bodyOf(schema: Schema | undefined): fc.Arbitrary<{ raw: string; type: string }> {
  const asJson = (v: unknown) => ({ raw: JSON.stringify(v) ?? 'null', type: 'application/json' });
  return fc.oneof(
    { weight: 5, arbitrary: (schema?.properties ? objectOf(schema) : validish(schema)).map(asJson) },
    { weight: 2, arbitrary: junk.map(asJson) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { raw: '{"amount": 1,', type: 'application/json' },
        { raw: '', type: 'application/json' },
        { raw: 'amount=1', type: 'application/x-www-form-urlencoded' },
        { raw: 'plain', type: 'text/plain' },
        { raw: '--x\r\n', type: 'multipart/form-data' },
      ),
    },
  );
}

/** A querystring or path value: strings of every sort, numbers at their edges. */
const stringValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer({ min: -10, max: 1_000_000 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1e400',
    'Infinity',
    'NaN',
    '99999999999999999999',
    'true',
    '[]',
    '%',
    '..',
    ' ',
    'a'.repeat(300),
  ),
);

function queryOf(schema: Schema | undefined): fc.Arbitrary<string> {
  const props = Object.keys(schema?.properties ?? {});
  if (props.length === 0) return fc.constant('');
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const key of props) model[key] = stringValue;
  return fc.record(model, { requiredKeys: [] }).map((q) => {
    const parts = Object.entries(q).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v ?? '')}`);
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

function pathOf(url: string): fc.Arbitrary<string> {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant(url);
  return fc
    .array(
      stringValue.filter((v) => v !== ''),
      { minLength: names.length, maxLength: names.length },
    )
    .map((values) => {
      let out = url;
      names.forEach((name, i) => {
        out = out.replace(`:${name}`, encodeURIComponent(values[i]!));
      });
      return out;
    });
}

const isEnvelopeError = (b: any) =>
  b?.success === false && typeof b.error?.code === 'string' && typeof b.error?.message === 'string';

/** Routes the fuzz leaves out: sockets, and the OpenAPI document (its answer is the document itself). */
const skip = (r: RouteEntry) => r.websocket || r.method === 'HEAD' || r.method === 'OPTIONS' || r.url === '/api/docs';

let ctx: TestContext;
let tokens: { player: string; admin: string; playerId: number };
beforeAll(async () => {
  ctx = await createTestApp();
  const p = await registerPlayer(ctx.app);
  await creditGogo(ctx, p.user.id, 1000);
  await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
  tokens = { player: p.token, admin: (await createTestAdmin(ctx)).token, playerId: p.user.id };
});
afterAll(async () => ctx.close());

describe('schema-driven fuzz of every route', () => {
  // About 5 s on SQLite and 10 s on PostgreSQL alone; beside three other PostgreSQL workers on two
  // loaded cores it has taken a minute, so the budget is generous: the assertion is the answers.
  it('no generated request gets a 5xx or an answer outside the envelope', { timeout: 180_000 }, async () => {
    const routes = ctx.app.routeTable.filter((r) => !skip(r));
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const schema = route.schema;
      const sec = JSON.stringify(schema.security ?? []);
      const token = sec.includes('adminToken') ? tokens.admin : sec.includes('playerToken') ? tokens.player : null;
      const hasBody = !['GET', 'DELETE'].includes(route.method);
      const request = fc.record({
        path: pathOf(route.url),
        query: queryOf(schema.querystring as Schema | undefined),
        body: hasBody ? bodyOf(schema.body as Schema | undefined) : fc.constant(null),
        // Sometimes the token of the other side, or none: the guards must answer in the envelope too.
        who: fc.constantFrom('own', 'own', 'own', 'none', 'other'),
      });
      await fc.assert(
        fc.asyncProperty(request, async (c) => {
          const bearer =
            c.who === 'none'
              ? null
              : c.who === 'other'
                ? token === tokens.admin
                  ? tokens.player
                  : tokens.admin
                : token;
          const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
          if (c.body) headers['content-type'] = c.body.type;
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url: c.path + c.query,
            headers,
            ...(c.body ? { payload: c.body.raw } : {}),
          });
          sent += 1;
          const label = `${route.method} ${c.path + c.query} ${c.body?.raw.slice(0, 120) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) {
            failures.push(label);
            return;
          }
          const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
          if (res.statusCode >= 400) {
            if (!isJson || !isEnvelopeError(res.json())) failures.push(`outside the envelope: ${label}`);
          } else if (isJson && route.url.startsWith('/api/') && !res.headers['content-disposition']) {
            // (a download such as the account export is a file, not an envelope)
            if (res.json()?.success !== true) failures.push(`success outside the envelope: ${label}`);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
      // A route that signs out or deletes the player must not blind the routes after it.
      if (
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/auth/me',
            headers: { authorization: `Bearer ${tokens.player}` },
          })
        ).statusCode === 401
      ) {
        const p = await registerPlayer(ctx.app);
        tokens.player = p.token;
      }
    }
    expect(sent).toBeGreaterThan(routes.length * (RUNS_PER_ROUTE - 1));
    expect(failures, failures.slice(0, 15).join('\n')).toEqual([]);
  });
});
