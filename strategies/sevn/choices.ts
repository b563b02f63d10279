/**
 * The card choices shared by the baseline strategies, each a parameter with a sensible default:
 * - `freeze`: `most` freezes the opponent with the most round points at stake (default), `fewest` the
 *   one with the fewest, `self` freezes itself when allowed. Without an opponent in the round: itself.
 * - `triple`: `exposed` sends a Triple Draw to the opponent most likely to bust on its next card
 *   (default; ties go to the one with more points at stake), `self` takes it itself.
 * - `ballast`: `sevn` keeps a Ballast card only when it completes a SEVN (default), `keep`, `discard`.
 * - A spare Second Chance goes to the opponent with the fewest points at stake.
 * - Crossroads takes the card worth more to its own row right now (see `cardWorth`).
 */
import type { ParamSpec, ParamValues } from '../../src/engine/params.js';
import { K_ADD, K_BALLAST, K_FEATHERWEIGHT, K_HEAVYWEIGHT, K_LADDER, K_MULTIPLY, K_NUMBER, K_SECOND_CHANCE } from '../../src/games/sevn/cards.js';
import { DISCARD, KEEP, type SevnStrategy, type SevnView } from '../../src/games/sevn/view.js';

export const CHOICE_PARAMS: readonly ParamSpec[] = [
  { name: 'freeze', type: 'enum', values: ['most', 'fewest', 'self'], default: 'most', doc: 'Freeze target: opponent with most / fewest points at stake, or self' },
  { name: 'triple', type: 'enum', values: ['exposed', 'self'], default: 'exposed', doc: 'Triple Draw target: opponent most likely to bust, or self' },
  { name: 'ballast', type: 'enum', values: ['sevn', 'keep', 'discard'], default: 'sevn', doc: 'keep Ballast only to complete a SEVN, always, or never' },
];

/** Chance that a row holding `held` (bit per number value) draws a duplicate next, counted from the unseen cards. */
export function bustChance(v: SevnView, held: number, hasSecondChance: boolean): number {
  if (hasSecondChance || held === 0) return 0;
  const cards = v.cards;
  const seen = v.seen;
  let total = 0;
  let bad = 0;
  for (let c = 0; c < cards.codes; c++) {
    const left = cards.copies[c] - seen[c];
    total += left;
    if (cards.kind[c] === K_NUMBER && (held >>> cards.value[c]) & 1) bad += left;
  }
  if (total > 0) return bad / total;
  // The deck is empty: the next card comes from the reshuffled discard pile, i.e. every card that is
  // not on the table (waiting actions aside).
  const rows = v.rows;
  const lengths = v.rowLengths;
  const onTable = new Int32Array(cards.codes); // rare path: allocation is fine here
  for (let s = 0; s < v.players; s++) for (let i = 0; i < lengths[s]; i++) onTable[rows[s * v.rowStride + i]]++;
  for (let c = 0; c < cards.codes; c++) {
    const left = cards.copies[c] - onTable[c];
    total += left;
    if (cards.kind[c] === K_NUMBER && (held >>> cards.value[c]) & 1) bad += left;
  }
  return total > 0 ? bad / total : 0;
}

function opponentBy(v: SevnView, score: (seat: number) => number): number {
  let best = -1;
  let bestScore = -Infinity;
  for (let k = 1; k < v.players; k++) {
    const t = (v.seat + k) % v.players;
    if (((v.candidates >>> t) & 1) === 0) continue;
    const sc = score(t);
    if (sc > bestScore) {
      best = t;
      bestScore = sc;
    }
  }
  return best;
}

/** The fallback when no opponent is a candidate: itself if allowed, else the lowest candidate seat. */
function anyCandidate(v: SevnView): number {
  if (((v.candidates >>> v.seat) & 1) !== 0) return v.seat;
  return 31 - Math.clz32(v.candidates & -v.candidates);
}

/** What a card would add to the deciding seat's row right now (in points; a bust costs the row). */
export function cardWorth(v: SevnView, code: number): number {
  const cards = v.cards;
  const val = cards.value[code];
  const sevn = v.rules.sevn;
  switch (cards.kind[code]) {
    case K_NUMBER:
      if ((v.held >>> val) & 1) return v.hasSecondChance ? -1 : -v.points - 1;
      return val + (v.distinct + 1 === sevn.distinct ? sevn.bonus : 0);
    case K_BALLAST:
      return v.distinct + 1 === sevn.distinct ? val + sevn.bonus : 0; // discarded otherwise
    case K_MULTIPLY: {
      let sum = 0;
      for (let x = v.held, b = 0; x !== 0; x >>>= 1, b++) if (x & 1) sum += b;
      return sum * (val - 1);
    }
    case K_ADD: return val;
    case K_SECOND_CHANCE: return v.hasSecondChance ? 0.5 : 5;
    case K_FEATHERWEIGHT:
    case K_HEAVYWEIGHT:
    case K_LADDER: return 2;
    default: return 0; // actions: about neutral
  }
}

/** Builds the card-choice half of a strategy from its parameters. */
export function cardChoices(params: ParamValues): Omit<SevnStrategy, 'drawOrStay'> {
  const freeze = params.freeze as string;
  const triple = params.triple as string;
  const ballast = params.ballast as string;
  return {
    freezeTarget(v) {
      if (freeze === 'self' && ((v.candidates >>> v.seat) & 1) !== 0) return v.seat;
      const pts = v.roundPoints;
      const t = opponentBy(v, freeze === 'fewest' ? (s) => -pts[s] : (s) => pts[s]);
      return t >= 0 ? t : anyCandidate(v);
    },
    tripleDrawTarget(v) {
      if (triple === 'self' && ((v.candidates >>> v.seat) & 1) !== 0) return v.seat;
      const masks = v.heldMasks;
      const scs = v.secondChances;
      const pts = v.roundPoints;
      const t = opponentBy(v, (s) => bustChance(v, masks[s], scs[s] !== 0) * 1e6 + pts[s]);
      return t >= 0 ? t : anyCandidate(v);
    },
    secondChanceTo(v) {
      const pts = v.roundPoints;
      const t = opponentBy(v, (s) => -pts[s]);
      return t >= 0 ? t : anyCandidate(v);
    },
    crossroads(v) {
      return cardWorth(v, v.optionB) > cardWorth(v, v.optionA) ? 1 : 0;
    },
    ballast(v) {
      if (ballast === 'keep') return KEEP;
      if (ballast === 'discard') return DISCARD;
      return v.distinct + 1 === v.rules.sevn.distinct ? KEEP : DISCARD;
    },
  };
}
