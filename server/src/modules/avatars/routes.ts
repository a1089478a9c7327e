import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyMultipartOptions } from '@fastify/multipart';
import { AVATAR_MAX_BYTES, ErrorCode } from '@gogo/shared/api';
import { endpoints } from '@gogo/shared/api/endpoints';
import { socialText } from '@gogo/shared/messages';
import { AppError, notFound } from '../../lib/errors.js';
import { optionalBody } from '../../lib/optional-body.js';
import type { Access } from '../access/index.js';
import type { AvatarService } from './service.js';
import { ok, route } from '../../lib/route.js';

/** Multipart overhead allowed on top of the file (boundaries and part headers). */
const MULTIPART_SLACK = 64 * 1024;

const tooLarge = () => new AppError(413, ErrorCode.AVATAR_TOO_LARGE, socialText.avatarTooLarge);

/**
 * The multipart parser's options for the upload: limits make it stop early. The parser is registered
 * by app.ts around every /api/user route plugin (as it always was); this plugin needs it in its scope.
 */
export const avatarMultipart: FastifyMultipartOptions = {
  throwFileSizeLimit: true,
  limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 50, fieldSize: 1024 },
};

/** Profile pictures: upload, removal and the image files themselves. */
export async function avatarsRoutes(appBase: FastifyInstance, opts: { service: AvatarService; access: Access }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service, access } = opts;
  // --- avatar -------------------------------------------------------------------------------

  route(app, endpoints.userAccount.uploadAvatar, {
    onRequest: async (request: FastifyRequest) => {
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > AVATAR_MAX_BYTES + MULTIPART_SLACK) throw tooLarge();
    },
    preValidation: optionalBody,
    handler: async (request) => {
      await access.own(request.playerId, request.params.id);
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'avatar' && bytes === null) bytes = await part.toBuffer();
          else if (part.type === 'file') part.file.resume();
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
          throw new AppError(400, ErrorCode.AVATAR_REQUIRED, socialText.avatarRequired);
        }
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw new AppError(400, ErrorCode.AVATAR_REQUIRED, socialText.avatarRequired);
        }
        throw err;
      }
      if (!bytes || bytes.length === 0) throw new AppError(400, ErrorCode.AVATAR_REQUIRED, socialText.avatarRequired);
      return ok(await service.uploadAvatar(request.playerId, request.params.id, bytes));
    },
  });

  route(app, endpoints.userAccount.deleteAvatar, {
    handler: async (request) => ok(await service.deleteAvatar(request.playerId, request.params.id)),
  });

  route(app, endpoints.userAccount.avatarFile, {
    handler: async (request, reply: FastifyReply) => {
      const found = await service.avatarFile(request.params.file);
      if (!found) throw notFound(socialText.avatarNotFound);
      return reply
        .header('content-type', found.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(found.data);
    },
  });
}
