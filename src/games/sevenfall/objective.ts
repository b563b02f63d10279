/** What a SEVENFALL turn is solved for (solver.ts), and its text form on the command line. */
import { UserError } from '../../engine/errors.js';

/**
 * `ev`: maximise the expected turn score. `at-least:K`: maximise P(turn score >= K). `utility`:
 * maximise the expected value of `values[score]` (0 for scores past the end), e.g. a win chance as a
 * function of the final score; not parsed from text (built by strategies).
 */
export type Objective = { kind: 'ev' } | { kind: 'at-least'; k: number } | { kind: 'utility'; values: readonly number[] };

/** Parses `ev` or `at-least:K` (K a non-negative integer); throws a UserError otherwise. */
export function parseObjective(text: string): Objective {
  const t = String(text).trim();
  if (t === 'ev') return { kind: 'ev' };
  const m = /^at-least:(.*)$/.exec(t);
  if (m) {
    const k = m[1].trim();
    if (!/^\d+$/.test(k) || Number(k) > 1e6) {
      throw new UserError(`objective "${text}": K in at-least:K must be an integer from 0 to 1000000, got "${k}"`);
    }
    return { kind: 'at-least', k: Number(k) };
  }
  throw new UserError(`objective "${text}": expected "ev" (maximise the expected turn score) or "at-least:K" (maximise the probability of scoring at least K points), e.g. at-least:15`);
}

export function objectiveText(o: Objective): string {
  if (o.kind === 'utility') return `utility:${o.values.join(',')}`;
  return o.kind === 'ev' ? 'ev' : `at-least:${o.k}`;
}
