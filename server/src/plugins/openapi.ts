import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { endpoints } from '@gogo/shared/api/endpoints';
import { API_TAGS } from '@gogo/shared/api/endpoints/tags';
import { route } from '../lib/route.js';

/** The OpenAPI document is generated from the same route schemas that validate and serialise. */
export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: { version: string; publicUrl: string; supportEmail: string }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'GOGO Board API',
          version: opts.version,
          contact: { name: 'GOGO Board support', email: opts.supportEmail },
          description:
            'Every answer is an envelope: {success: true, data, message?} or {success: false, error: {message, code, details?}}.',
        },
        servers: [{ url: opts.publicUrl }],
        tags: API_TAGS.map((tag) => ({ ...tag })),
        components: {
          securitySchemes: {
            playerToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            adminToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
    });
    route(app, endpoints.ops.openApiDocument, { handler: async () => app.swagger() });
  },
);
