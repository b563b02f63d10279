/** The rollouts behind SEVN's advice and review, unless --field, --then or --rollouts say otherwise. */
import { checkInteger } from '../../../engine/checks.js';

/** Opponents' strategy, and your own after this decision. */
export const DEFAULT_FIELD = 'ev';
/** Paired rollouts for one piece of advice, and for each decision of a review. */
export const DEFAULT_ROLLOUTS = 10000;
export const DEFAULT_REVIEW_ROLLOUTS = 2000;
export const checkRollouts = (v: number): number => checkInteger('--rollouts', v, 2, 10_000_000);
