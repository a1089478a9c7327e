import { describe, expect, it, vi } from 'vitest';

// The table's schemas built by TypeBox, then again with 'typebox' swapped for the lite builders
// (what a client build's alias does): the JSON Schema must be the same for every entry.
describe('typebox-lite', () => {
  it('builds the same JSON Schema as TypeBox for every schema of the endpoint table', async () => {
    const real = await import('../src/api/endpoints/index.js');
    vi.resetModules();
    vi.doMock('typebox', () => import('../src/api/typebox-lite.js'));
    const lite = await import('../src/api/endpoints/index.js');
    vi.doUnmock('typebox');
    expect(lite.allEndpoints).not.toBe(real.allEndpoints);
    expect(lite.allEndpoints.length).toBe(real.allEndpoints.length);
    const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    for (const [i, entry] of real.allEndpoints.entries()) {
      expect(json(lite.allEndpoints[i]), `${entry.method} ${entry.path}`).toEqual(json(entry));
    }
  });
});
