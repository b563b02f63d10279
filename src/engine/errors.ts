/** An error caused by what the user asked for: the CLI prints its message and exits with code 2. */
export class UserError extends Error {
  override name = 'UserError';
}

/** A UserError after part of the output was made (e.g. the trace of a game that hit the round cap). */
export class PartialOutputError extends UserError {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

/**
 * Errors cross from worker threads as plain Errors (structured clone keeps message and cause only):
 * the worker marks a UserError with this cause, and the pool turns it back into one.
 */
export const USER_ERROR_CAUSE = 'sevensim:user-error';

/** A number as the user would write it (1e+20 rather than 100000000000000000000). */
const shown = (x: number): string => (Number.isFinite(x) && Math.abs(x) >= 1e16 ? x.toExponential() : String(x));

/** Throws unless `value` is a whole number from `min` to `max` (at most 2^53 - 1, where doubles stay exact). */
export function checkCount(flag: string, value: number, min = 1, max = Number.MAX_SAFE_INTEGER): void {
  if (Number.isInteger(value) && value >= min && value <= max) return;
  const range = max === Number.MAX_SAFE_INTEGER ? `from ${min} to 2^53 - 1 (${max.toLocaleString('en-US')})` : `from ${min} to ${max.toLocaleString('en-US')}`;
  throw new UserError(`${flag}: expected a whole number ${range}, got ${shown(value)}`);
}
