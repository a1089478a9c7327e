import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AVATAR_FILE_PATTERN } from '../access/index.js';

/**
 * Avatar files under DATA_DIR/uploads/avatars. Names are generated here, never taken from the upload,
 * and checked against a strict pattern before any path is built, so no request can reach another file.
 */
export function createAvatarStore(dataDir: string) {
  const dir = join(dataDir, 'uploads', 'avatars');
  mkdirSync(dir, { recursive: true });
  const pathOf = (file: string) => {
    if (!AVATAR_FILE_PATTERN.test(file)) throw new Error(`not an avatar file name: ${file}`);
    return join(dir, file);
  };

  return {
    dir,
    /** Writes the bytes under a new random name (via a temporary file and a rename) and returns it. */
    save(data: Buffer, ext: 'png' | 'jpg' | 'webp'): string {
      const file = `${randomBytes(16).toString('hex')}.${ext}`;
      const target = pathOf(file);
      const tmp = `${target}.${process.pid}.tmp`;
      writeFileSync(tmp, data, { mode: 0o600 });
      renameSync(tmp, target);
      return file;
    },
    read(file: string): Buffer | null {
      try {
        return readFileSync(pathOf(file));
      } catch {
        return null;
      }
    },
    remove(file: string | null | undefined) {
      if (!file || !AVATAR_FILE_PATTERN.test(file)) return;
      rmSync(pathOf(file), { force: true });
    },
  };
}

export type AvatarStore = ReturnType<typeof createAvatarStore>;
