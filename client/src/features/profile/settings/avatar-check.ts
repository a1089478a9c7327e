import { AVATAR_MAX_BYTES, AVATAR_MAX_DIMENSION, AVATAR_TYPES } from '@gogo/shared/api';
import { socialText } from '@gogo/shared/messages';

/**
 * A quick check in the browser before uploading, with the server's own limits and texts. The server
 * decides (it reads the file's content); this only saves a round trip for the obvious cases.
 */
export function checkAvatarFile(file: { size: number; type: string }): string | null {
  if (file.size === 0) return socialText.avatarRequired;
  if (file.type && !(AVATAR_TYPES as readonly string[]).includes(file.type)) return socialText.avatarInvalidType;
  if (file.size > AVATAR_MAX_BYTES) return socialText.avatarTooLarge;
  return null;
}

export function checkAvatarSize(width: number, height: number): string | null {
  return width > AVATAR_MAX_DIMENSION || height > AVATAR_MAX_DIMENSION ? socialText.avatarDimensions : null;
}

/**
 * The picture's size as the browser decodes it, or null when it cannot decode it. The file is
 * decoded directly (no object URL is loaded), so a file that is not an image never gets fetched.
 */
export async function imageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}
