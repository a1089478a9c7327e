import argon2 from 'argon2';

// OWASP's minimum for argon2id: m=19456 KiB (19 MiB), t=2, p=1.
const OWASP = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// Test suites only (GOGO_FAST_PASSWORD_HASH=1 with NODE_ENV=test; settings/load.ts refuses it in production):
// the same algorithm at its smallest cost, so thousands of test sign-ups do not spend minutes hashing.
// Hashes carry their own parameters, so verification is the same code either way.
const FAST_FOR_TESTS = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** The argon2id parameters new hashes get (read per call, so a test can check both). */
export function passwordHashOptions(env: NodeJS.ProcessEnv = process.env) {
  return env.NODE_ENV === 'test' && env.GOGO_FAST_PASSWORD_HASH === '1' ? FAST_FOR_TESTS : OWASP;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, passwordHashOptions());
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against a real hash when the account does not exist keeps response times alike, so
// timing does not tell which emails are registered. One dummy per parameter set: it must cost what
// the accounts' hashes cost (a test suite may switch between the two sets in one process).
const dummyHashes = new Map<object, Promise<string>>();
export async function burnPasswordCheck(password: string): Promise<void> {
  const options = passwordHashOptions();
  let dummy = dummyHashes.get(options);
  if (!dummy) {
    dummy = argon2.hash('not-a-real-password-0', options);
    dummyHashes.set(options, dummy);
  }
  await verifyPassword(await dummy, password);
}
