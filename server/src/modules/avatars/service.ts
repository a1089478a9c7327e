import { ErrorCode, type AvatarResult, AVATAR_MAX_DIMENSION } from '@gogo/shared/api';
import { socialText } from '@gogo/shared/messages';
import type { Database } from '../../db/database.js';
import { badRequest } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Access } from '../access/index.js';
import { inspectImage } from './image.js';
import { avatarUrl } from '../access/index.js';
import type { AvatarStore } from './store.js';
import { profiles } from '../access/index.js';

/** Profile pictures: checked and re-encoded bytes on disk, the file name in the profile row. */
export function createAvatarService(deps: { database: Database; access: Access; avatars: AvatarStore; clock: Clock }) {
  const { database, access, avatars, clock } = deps;

  async function uploadAvatar(viewerId: number, userId: number, bytes: Buffer): Promise<AvatarResult> {
    await access.own(viewerId, userId);
    const image = inspectImage(bytes, AVATAR_MAX_DIMENSION);
    if ('error' in image) {
      if (image.error === 'dimensions') {
        throw badRequest(ErrorCode.AVATAR_DIMENSIONS, socialText.avatarDimensions, {
          width: image.width,
          height: image.height,
          max: AVATAR_MAX_DIMENSION,
        });
      }
      throw badRequest(ErrorCode.AVATAR_INVALID_TYPE, socialText.avatarInvalidType);
    }
    const file = avatars.save(image.data, image.ext);
    let previous: string | null;
    try {
      previous = await database.write(async (tx) => {
        const before = (await profiles.lock(tx, userId))?.avatarFile ?? null;
        const now = clock();
        await profiles.saveProfile(tx, userId, { avatarFile: file, avatarMime: image.mime, avatarUpdatedAt: now }, now);
        return before;
      });
    } catch (err) {
      avatars.remove(file);
      throw err;
    }
    avatars.remove(previous);
    return {
      avatarUrl: avatarUrl(file),
      mime: image.mime,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
    };
  }

  async function deleteAvatar(viewerId: number, userId: number): Promise<AvatarResult> {
    await access.own(viewerId, userId);
    const previous = await database.write(async (tx) => {
      const file = (await profiles.lock(tx, userId))?.avatarFile ?? null;
      if (file) {
        await profiles.saveProfile(tx, userId, { avatarFile: null, avatarMime: null, avatarUpdatedAt: null }, clock());
      }
      return file;
    });
    avatars.remove(previous);
    return { avatarUrl: null, mime: null, width: null, height: null, bytes: null };
  }

  /** The bytes and type of an avatar file that belongs to an existing account, or null. */
  async function avatarFile(file: string): Promise<{ data: Buffer; mime: string } | null> {
    const owner = await profiles.avatarByFile(database.read, file);
    if (!owner || owner.deletedAt || !owner.mime) return null;
    const data = avatars.read(file);
    return data ? { data, mime: owner.mime } : null;
  }

  return { uploadAvatar, deleteAvatar, avatarFile };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
