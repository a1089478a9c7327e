import { createHmac, randomBytes } from 'node:crypto';
import { clientSeedFromBytes, serverSeedFromBytes, SERVER_SEED_BYTES } from '@gogo/shared/fairness';

/** Where server and default client seeds come from. */
export interface SeedSource {
  serverSeed(userId: number, seedIndex: number): string;
  defaultClientSeed(userId: number): string;
}

const CLIENT_SEED_BYTES = 16;

/**
 * Random seeds from node:crypto; with a test master seed (GOGO_TEST_SEED, refused in production)
 * every seed is derived from it instead, so that browser tests and screenshots see the same dice:
 * server seed = hex HMAC-SHA256(testSeed, `${userId}:${seedIndex}`), which is 64 lower-case hex
 * characters like a random one; default client seed = the first 32 hex characters of
 * HMAC-SHA256(testSeed, `client:${userId}`).
 */
export function createSeedSource(testSeed: string | null): SeedSource {
  if (testSeed === null) {
    return {
      serverSeed: () => serverSeedFromBytes(randomBytes(SERVER_SEED_BYTES)),
      defaultClientSeed: () => clientSeedFromBytes(randomBytes(CLIENT_SEED_BYTES)),
    };
  }
  const derive = (message: string) => createHmac('sha256', testSeed).update(message).digest();
  return {
    serverSeed: (userId, seedIndex) => serverSeedFromBytes(derive(`${userId}:${seedIndex}`)),
    defaultClientSeed: (userId) => clientSeedFromBytes(derive(`client:${userId}`).subarray(0, CLIENT_SEED_BYTES)),
  };
}
