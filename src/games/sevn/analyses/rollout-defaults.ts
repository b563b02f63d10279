/** The rollouts behind SEVN's advice and review, unless --field, --then or --rollouts say otherwise. */
import { checkInteger } from '../../../engine/checks.js';

/** Opponents' strategy, and your own after this decision. */
export const DEFAULT_FIELD = 'ev';
/** Paired rollouts for one piece of advice, and for each decision of a review. */
export const DEFAULT_ROLLOUTS = 10000;
export const DEFAULT_REVIEW_ROLLOUTS = 2000;
export const checkRollouts = (v: number): number => checkInteger('--rollouts', v, 2, 10_000_000);

/** The fewest rollouts a hint or a review calls a difference clear on: with 2, two equal outcomes have an SE of 0 and any difference looks certain. */
export const CLEAR_MIN_ROLLOUTS = 30;

/**
 * What a seat's strategy plays in the rollouts of a hint or a review: itself, but `search` by the policy
 * it plays its own later decisions with in its rollouts (its `play`, default race: strategies/sevn/search.ts).
 * search plays hundreds of rollouts at each of its decisions, so in a hint's 400 rollouts it took 15 s
 * to 50 s a hint (and a review about 25 minutes a game) where the fast bots take milliseconds.
 */
export function inRollouts(spec: string): string {
  const at = spec.indexOf(':');
  if ((at < 0 ? spec : spec.slice(0, at)).trim() !== 'search') return spec;
  const play = (at < 0 ? '' : spec.slice(at + 1)).split(',').map((kv) => kv.split('=').map((x) => x.trim())).find(([k]) => k === 'play');
  return play?.[1] || 'race';
}
