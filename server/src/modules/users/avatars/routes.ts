import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AVATAR_MAX_BYTES,
  AvatarFileParams,
  type AvatarFileParams as AvatarFileParamsType,
  AvatarResponse,
  AvatarUploadBody,
  ErrorBody,
  ErrorCode,
  errorResponses,
  UserIdParams,
} from '@gogo/shared/api';
import { socialText } from '@gogo/shared/messages';
import { AppError, notFound } from '../../../lib/errors.js';
import { optionalBody } from '../../../lib/optional-body.js';
import type { UserRouteContext } from '../routes.js';

/** Multipart overhead allowed on top of the file (boundaries and part headers). */
const MULTIPART_SLACK = 64 * 1024;

const tooLarge = () => new AppError(413, ErrorCode.AVATAR_TOO_LARGE, socialText.avatarTooLarge);

/** Profile pictures: upload, removal and the image files themselves. */
export function avatarsRoutes({ app, service, tags, security, guarded, ok }: UserRouteContext) {
  // --- avatar -------------------------------------------------------------------------------

  app.post(
    '/api/user/avatar/:id',
    {
      ...guarded,
      onRequest: async (request: FastifyRequest) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > AVATAR_MAX_BYTES + MULTIPART_SLACK) throw tooLarge();
      },
      preValidation: optionalBody,
      schema: {
        tags,
        summary: 'Upload own avatar (multipart field `avatar`)',
        description:
          'PNG, JPEG or WebP recognised by content (not by name or declared type), at most 2 MB (413 ' +
          'AVATAR_TOO_LARGE) and 1024 x 1024 pixels (400 AVATAR_DIMENSIONS); anything else is 400 ' +
          'AVATAR_INVALID_TYPE. Metadata (EXIF, XMP, text chunks) and bytes after the image end are removed. ' +
          'The file gets a new random name; the previous one is deleted.',
        security,
        consumes: ['multipart/form-data'],
        params: UserIdParams,
        body: AvatarUploadBody,
        response: { 200: AvatarResponse, ...errorResponses, 413: ErrorBody },
      },
    },
    async (request) => {
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
  );

  app.delete(
    '/api/user/avatar/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Remove own avatar',
        security,
        params: UserIdParams,
        response: { 200: AvatarResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.deleteAvatar(request.playerId, request.params.id)),
  );

  app.get(
    '/api/files/avatars/:file',
    {
      schema: {
        tags,
        summary: 'An avatar image (no auth: the random name is the key)',
        description:
          'Served with its recognised type, X-Content-Type-Options nosniff and a sandboxing CSP. The URL ' +
          'comes from profile, search, friend and top-player answers, which follow privacy.',
        params: AvatarFileParams,
        response: {
          200: {
            description: 'the image',
            content: {
              'image/png': { schema: { type: 'string', format: 'binary' } },
              'image/jpeg': { schema: { type: 'string', format: 'binary' } },
              'image/webp': { schema: { type: 'string', format: 'binary' } },
            },
          },
          404: ErrorBody,
        },
      },
    },
    async (request, reply: FastifyReply) => {
      const found = await service.avatarFile((request.params as AvatarFileParamsType).file);
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
  );
}
