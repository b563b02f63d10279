/**
 * SEVN decision buckets: the state features `--bucket` can choose (indices match
 * `SevnEngine.feature`) and the action codes of each decision kind in words.
 */
import type { BucketFeature } from '../../engine/decisions.js';
import type { SevnCards } from './cards.js';
import { type SevnRules, deckSize } from './rules.js';
import { Decision } from './view.js';

export const enum Feature {
  POINTS = 0,
  DISTINCT = 1,
  BUST = 2,
  CARDS_LEFT = 3,
  TOTAL = 4,
  GAP_LEADER = 5,
  GAP_TARGET = 6,
  STILL_IN = 7,
}

export function sevnBucketFeatures(rules: SevnRules): BucketFeature[] {
  const t = rules.target;
  return [
    { name: 'points', doc: 'round points so far (what the row would score now, without a SEVN bonus)', width: 5, min: 0, max: 100 },
    { name: 'distinct', doc: 'distinct scoring values held (numbers and kept Ballast)', width: 1, min: 0, max: rules.sevn.distinct },
    { name: 'bust', doc: 'exact chance in percent that the next card busts (0 with a Second Chance held)', width: 10, min: 0, max: 100 },
    { name: 'cards-left', doc: 'cards left in the deck', width: 20, min: 0, max: deckSize(rules) },
    { name: 'total', doc: 'own game total before this round (0 in round mode)', width: 25, min: 0, max: t },
    { name: 'gap-leader', doc: 'own total minus the highest other total, before this round (negative: behind)', width: 25, min: -t, max: t },
    { name: 'gap-target', doc: 'the target minus own total, before this round', width: 25, min: 0, max: t },
    { name: 'still-in', doc: 'opponents still in the round', width: 1, min: 0, max: 7 },
  ];
}

/**
 * Action codes: draw-or-stay 1 draw, 0 stay; Ballast 1 keep, 0 discard; Crossroads the card code
 * taken; Freeze, Triple Draw and Second Chance the target as seats to the left of the chooser (0 itself).
 */
export function sevnActionLabel(cards: SevnCards, kind: number, action: number): string {
  switch (kind) {
    case Decision.DRAW_STAY:
      return action === 1 ? 'draw' : 'stay';
    case Decision.BALLAST:
      return action === 1 ? 'keep' : 'discard';
    case Decision.CROSSROADS:
      return `take ${cards.name(action)}`;
    default:
      return action === 0 ? 'self' : `left+${action}`;
  }
}
