// The benches' numeric command-line options: `--name=value`, else the environment variable given,
// else the fallback. Every value must be a positive number (or zero where zero is allowed).

/**
 * @param {string} name  the option, as `--name=value`
 * @param {number} fallback
 * @param {{ env?: string, allowZero?: boolean }} [how]  `env`: the variable read when the flag is absent
 * @returns {number}
 */
export function numberOption(name, fallback, { env, allowZero = false } = {}) {
  const flag = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  const raw = flag ? flag.slice(name.length + 3) : env === undefined ? undefined : process.env[env];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) {
    throw new Error(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} number`);
  }
  return value;
}
