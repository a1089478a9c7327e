import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES } from '@gogo/shared/api';
import type { UsersService } from './service.js';
import type { UserRouteContext } from './route-context.js';
import { accountRoutes } from './account/routes.js';
import { avatarsRoutes } from './avatars/routes.js';
import { profileRoutes } from './profile/routes.js';
import { socialRoutes } from './social/routes.js';

/** The whole /api/user contract except the friend routes (friends/routes.ts). */
export async function userRoutes(appBase: FastifyInstance, opts: { service: UsersService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  // Multipart only for this plugin (the avatar upload); limits make the parser stop early.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 50, fieldSize: 1024 },
  });
  const context: UserRouteContext = {
    app,
    service: opts.service,
    ok: <T>(data: T, message?: string) =>
      message === undefined ? { success: true as const, data } : { success: true as const, data, message },
  };
  profileRoutes(context);
  socialRoutes(context);
  avatarsRoutes(context);
  accountRoutes(context);
}
