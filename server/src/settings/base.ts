// What every settings parser shares: the error the server refuses to start with, and number parsing.

/** A setting the server cannot start with; server.ts prints its message as one line, without a stack. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** A URL setting parsed, or the server refuses to start with `failure` (which says what it expects). */
export function urlFrom(value: string, failure: string): URL {
  try {
    return new URL(value);
  } catch {
    throw new ConfigError(failure);
  }
}

export function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a whole number, got "${value}"`);
  return n;
}

/** on/off (also true/false, 1/0, yes/no). */
export function switchFrom(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  const v = value.trim().toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(v)) return true;
  if (['off', 'false', '0', 'no'].includes(v)) return false;
  throw new ConfigError(`${name} must be on or off (true or false), got "${value}"`);
}
