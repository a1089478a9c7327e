import type { FastifyReply, FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES, ErrorCode } from '@gogo/shared/api';
import { endpoints } from '@gogo/shared/api/endpoints';
import { socialText } from '@gogo/shared/messages';
import { AppError, notFound } from '../../../lib/errors.js';
import { optionalBody } from '../../../lib/optional-body.js';
import type { UserRouteContext } from '../route-context.js';
import { route } from '../../../lib/route.js';

/** Multipart overhead allowed on top of the file (boundaries and part headers). */
const MULTIPART_SLACK = 64 * 1024;

const tooLarge = () => new AppError(413, ErrorCode.AVATAR_TOO_LARGE, socialText.avatarTooLarge);

/** Profile pictures: upload, removal and the image files themselves. */
export function avatarsRoutes({ app, service, ok }: UserRouteContext) {
  // --- avatar -------------------------------------------------------------------------------

  route(app, endpoints.userAccount.uploadAvatar, {
    onRequest: async (request: FastifyRequest) => {
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > AVATAR_MAX_BYTES + MULTIPART_SLACK) throw tooLarge();
    },
    preValidation: optionalBody,
    handler: async (request) => {
      await service.own(request.playerId, request.params.id);
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
