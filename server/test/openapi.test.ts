/**
 * The OpenAPI document served at /api/docs: valid for an independent validator, and generated from the
 * endpoint table (shared/src/api/endpoints), one operation per entry that is not hidden.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@gogo/shared/api/endpoint';
import { allEndpoints, operationIds } from '@gogo/shared/api/endpoints';
import { createTestApp, type TestContext } from './helpers.js';

type Operation = { summary?: string; description?: string; tags?: string[]; security?: unknown; operationId?: string };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let ctx: TestContext;
let doc: Document;
beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => ctx.close());

/** '/api/user/:id' as OpenAPI writes it: '/api/user/{id}'. */
const openapiPath = (entry: Endpoint) => entry.path.replace(/:(\w+)/g, '{$1}');
const securityOf = (entry: Endpoint) =>
  entry.auth === 'none' ? undefined : [{ [entry.auth === 'admin' ? 'adminToken' : 'playerToken']: [] }];

describe('OpenAPI document', () => {
  it('passes an independent OpenAPI validator (swagger-parser, no external references fetched)', async () => {
    expect(doc.openapi).toBe('3.0.3');
    // validate() dereferences in place: it gets a copy. External references are refused, not fetched.
    await expect(
      SwaggerParser.validate(structuredClone(doc) as never, { resolve: { external: false } }),
    ).resolves.toBeTruthy();
  });

  it('describes a file part the 3.0 way (format binary), not with the 3.1 contentMediaType', () => {
    const upload = doc.paths['/api/user/avatar/{id}']?.post as unknown as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, object> } }> };
    };
    const avatar = upload.requestBody.content['multipart/form-data']!.schema.properties.avatar;
    expect(avatar).toMatchObject({ type: 'string', format: 'binary' });
    expect(JSON.stringify(doc)).not.toContain('contentMediaType');
  });

  it('has one operation per table entry, with its summary, description, tags and security', () => {
    const shown = allEndpoints.filter((e) => !e.hidden);
    for (const entry of shown) {
      const operation = doc.paths[openapiPath(entry)]?.[entry.method.toLowerCase()];
      expect(operation, `${entry.method} ${entry.path}`).toBeDefined();
      expect(operation!.summary).toBe(entry.summary);
      expect(operation!.description).toBe(entry.description ?? entry.summary);
      expect(operation!.tags).toEqual([...entry.tags]);
      expect(operation!.operationId).toBe(operationIds.get(entry));
      expect(operation!.security).toEqual(securityOf(entry));
    }
    const operations = Object.values(doc.paths).flatMap((methods) => Object.keys(methods));
    expect(operations.length).toBe(shown.length);
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('adminLogin');
  });

  it('leaves the hidden entries out (the document itself, the metrics scrape)', () => {
    const hidden = allEndpoints.filter((e) => e.hidden).map((e) => e.path);
    expect(hidden.sort()).toEqual(['/api/docs', '/metrics']);
    for (const path of hidden) expect(doc.paths[path]).toBeUndefined();
  });
});
