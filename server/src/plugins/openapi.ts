import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { endpoints } from '@gogo/shared/api/endpoints';
import { route } from '../lib/route.js';

/** The OpenAPI document is generated from the same route schemas that validate and serialise. */
export const openapiPlugin = fp(async (app: FastifyInstance, opts: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'GOGO Board API',
        version: opts.version,
        description:
          'Every answer is an envelope: {success: true, data, message?} or {success: false, error: {message, code, details?}}.',
      },
      components: {
        securitySchemes: {
          playerToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          adminToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
  });
  route(app, endpoints.ops.openApiDocument, { handler: async () => app.swagger() });
});
