import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { endpoint, fillPath, type EndpointData, type EndpointParams } from '../src/api/endpoint.js';
import { Ok } from '../src/api/envelope.js';
import { allEndpoints } from '../src/api/endpoints/index.js';

const Id = Type.Object({ id: Type.Integer() });
const answer = Ok(Type.Object({ a: Type.String() }));
const base = { auth: 'player', summary: 's', tags: ['t'], response: answer } as const;

// Compile-time checks (tsc -p shared): the params schema must name exactly the path's parameters.
const good = endpoint({ ...base, method: 'GET', path: '/api/x/:id', params: Id });
// @ts-expect-error the schema names id, the path userId
endpoint({ ...base, method: 'GET', path: '/api/x/:userId', params: Id });
// @ts-expect-error a path with a parameter needs a params schema
endpoint({ ...base, method: 'GET', path: '/api/x/:id' });
// @ts-expect-error a path without parameters takes no params schema
endpoint({ ...base, method: 'GET', path: '/api/x', params: Id });
// @ts-expect-error both parameters must be named
endpoint({ ...base, method: 'GET', path: '/api/x/:id/y/:file', params: Id });
const params: EndpointParams<typeof good> = { id: 3 };
// @ts-expect-error the parameter's type comes from the schema
const wrongParams: EndpointParams<typeof good> = { id: 'x' };
const data: EndpointData<typeof good> = { a: 'x' };
void [good, wrongParams];

describe('endpoint table', () => {
  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(fillPath('/api/x/:id', params)).toBe('/api/x/3');
    expect(fillPath('/api/f/:file/:id', { file: 'a b/c', id: 1 })).toBe('/api/f/a%20b%2Fc/1');
    expect(() => fillPath('/api/x/:id', {})).toThrow(/id/);
    expect(data.a).toBe('x');
  });

  it('has one entry per method and path', () => {
    const keys = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(100);
  });

  it('names every path parameter in its params schema, and nothing else', () => {
    for (const entry of allEndpoints) {
      const fromPath = [...entry.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const fromSchema = Object.keys((entry.params as { properties?: object } | undefined)?.properties ?? {}).sort();
      expect(fromSchema, `${entry.method} ${entry.path}`).toEqual(fromPath);
    }
  });
});
