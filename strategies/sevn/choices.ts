/**
 * The card choices shared by the baseline strategies, each a parameter with a sensible default:
 * - `freeze`: `fewest` freezes the opponent with the fewest round points at stake (default: it ends
 *   their round cheaply; in 80,000 seat-swapped 4-player games of stay-at it won 26.4% against 23.7%
 *   for `most`), `most` the one with the most, `self` itself when allowed. Without an opponent: itself.
 * - `triple`: `exposed` sends a Triple Draw to the opponent most likely to bust on its next card
 *   (default; ties go to the one with more points at stake), `self` takes it itself.
 * - `ballast`: `sevn` keeps a Ballast card only when it completes a SEVN (default), `keep`, `discard`.
 * - A spare Second Chance goes to the opponent with the fewest points at stake.
 * - Crossroads takes the card worth more to its own row right now (see `cardWorth`).
 */
import type { ParamSpec, ParamValues } from '../../src/engine/params.js';
import { duplicatesInDeck } from '../../src/games/sevn/bust.js';
import { Kind } from '../../src/games/sevn/cards.js';
import { Answer, type SevnStrategy, type SevnView } from '../../src/games/sevn/view.js';

export const CHOICE_PARAMS: readonly ParamSpec[] = [
  { name: 'freeze', type: 'enum', values: ['fewest', 'most', 'self'], default: 'fewest', doc: 'Freeze target: opponent with fewest / most points at stake, or self' },
  { name: 'triple', type: 'enum', values: ['exposed', 'self'], default: 'exposed', doc: 'Triple Draw target: opponent most likely to bust, or self' },
  { name: 'ballast', type: 'enum', values: ['sevn', 'keep', 'discard'], default: 'sevn', doc: 'keep Ballast only to complete a SEVN, always, or never' },
];

/**
 * Unseen number cards of a value held in `held` (bit per number value): with a non-empty deck the
 * deck's copies (the chance that the next card busts is this over `v.deckSize`); with an empty deck
 * the next card comes from the reshuffled discard pile: every card not on the table.
 */
export function unseenDuplicates(v: SevnView, held: number): number {
  const cards = v.cards;
  if (v.deckSize > 0) return duplicatesInDeck(cards, held, v.seen);
  let bad = 0;
  for (let m = held; m !== 0; m &= m - 1) bad += cards.copies[cards.numberCode[31 - Math.clz32(m & -m)]] - onTable(v, cards.numberCode[31 - Math.clz32(m & -m)]);
  return bad;
}

/** Cards the next draw comes from: the deck, or when it is empty every card not on the table. */
export function unseenTotal(v: SevnView): number {
  if (v.deckSize > 0) return v.deckSize;
  let total = 0;
  for (let c = 0; c < v.cards.codes; c++) total += v.cards.copies[c] - onTable(v, c);
  return total;
}

function onTable(v: SevnView, code: number): number {
  let k = 0;
  for (let s = 0; s < v.players; s++) for (let i = 0; i < v.rowLengths[s]; i++) if (v.rows[s * v.rowStride + i] === code) k++;
  return k;
}

const BY_MOST_POINTS = 0;
const BY_FEWEST_POINTS = 1;
const BY_EXPOSURE = 2;

/**
 * The candidate opponent (clockwise from the decider, first wins ties) best by `by`, or -1. The seat
 * steps without `%` and the view's arrays are read once per call, and only those `by` needs: this
 * ran at about 1,100 instructions a call (8% of a 4-player stay-at game) before.
 */
function opponentBy(v: SevnView, by: number): number {
  const n = v.players;
  const cand = v.candidates;
  const pts = v.roundPoints;
  let best = -1;
  let bestScore = -1e9;
  let t = v.seat;
  if (by === BY_EXPOSURE) {
    // Exposure: duplicates among the unseen cards (same denominator for everyone), then points.
    const sc = v.secondChances;
    const held = v.heldMasks;
    for (let k = 1; k < n; k++) {
      t = t + 1 === n ? 0 : t + 1;
      if (((cand >>> t) & 1) === 0) continue;
      const score = (sc[t] !== 0 ? 0 : unseenDuplicates(v, held[t]) * 4096) + pts[t];
      if (score > bestScore) {
        best = t;
        bestScore = score;
      }
    }
    return best;
  }
  const sign = by === BY_MOST_POINTS ? 1 : -1;
  for (let k = 1; k < n; k++) {
    t = t + 1 === n ? 0 : t + 1;
    if (((cand >>> t) & 1) === 0) continue;
    const score = sign * pts[t];
    if (score > bestScore) {
      best = t;
      bestScore = score;
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
    case Kind.NUMBER:
      if ((v.held >>> val) & 1) return v.hasSecondChance ? -1 : -v.points - 1;
      return val + (v.distinct + 1 === sevn.distinct ? sevn.bonus : 0);
    case Kind.BALLAST:
      return v.distinct + 1 === sevn.distinct ? val + sevn.bonus : 0; // discarded otherwise
    case Kind.MULTIPLY: {
      let sum = 0;
      for (let x = v.held, b = 0; x !== 0; x >>>= 1, b++) if (x & 1) sum += b;
      return sum * (val - 1);
    }
    case Kind.ADD: return val;
    case Kind.SECOND_CHANCE: return v.hasSecondChance ? 0.5 : 5;
    case Kind.FEATHERWEIGHT:
    case Kind.HEAVYWEIGHT:
    case Kind.LADDER: return 2;
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
      const t = opponentBy(v, freeze === 'fewest' ? BY_FEWEST_POINTS : BY_MOST_POINTS);
      return t >= 0 ? t : anyCandidate(v);
    },
    tripleDrawTarget(v) {
      if (triple === 'self' && ((v.candidates >>> v.seat) & 1) !== 0) return v.seat;
      const t = opponentBy(v, BY_EXPOSURE);
      return t >= 0 ? t : anyCandidate(v);
    },
    secondChanceTo(v) {
      const t = opponentBy(v, BY_FEWEST_POINTS);
      return t >= 0 ? t : anyCandidate(v);
    },
    crossroads(v) {
      return cardWorth(v, v.optionB) > cardWorth(v, v.optionA) ? 1 : 0;
    },
    ballast(v) {
      if (ballast === 'keep') return Answer.KEEP;
      if (ballast === 'discard') return Answer.DISCARD;
      return v.distinct + 1 === v.rules.sevn.distinct ? Answer.KEEP : Answer.DISCARD;
    },
  };
}
