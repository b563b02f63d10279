/**
 * The card choices shared by the SEVN strategies, each a parameter with a sensible default:
 * - `freeze`: `fewest` freezes the opponent with the fewest round points at stake (default: it ends
 *   their round cheaply; in 80,000 seat-swapped 4-player games of stay-at it won 26.4% against 23.7%
 *   for `most`), `most` the one with the most, `self` itself when allowed. Without an opponent: itself.
 *   `deny` aims by what the Freeze denies: a frozen player banks its row, so freezing a big row likely
 *   to bust is a gift and freezing a small safe row takes its growth away. It freezes the opponent
 *   whose next card is worth most to it (the exact expected change of its row from one more card, see
 *   next-card.ts), weighted by how near that player is to the target (`threat`); when every opponent's
 *   next card is worth less than nothing and it may freeze itself, it freezes itself if its own next
 *   card is worth nothing either (banking its row costs nothing then).
 * - `triple`: `exposed` sends a Triple Draw to the opponent most likely to bust on its next card
 *   (default; ties go to the one with more points at stake), `self` takes it itself. `harm` weighs
 *   exposure and points at stake: the expected change of each candidate's row over three cards,
 *   (1 - bust)^3 x (points + 3a) - points (a = the mean change of a card that does not bust), which
 *   it wants most negative for an opponent (times `threat`) and most positive for itself.
 * - `ballast`: `sevn` keeps a Ballast card only when it completes a SEVN (default), `keep`, `discard`,
 *   `gain` keeps it when keeping raises the row's score now (a SEVN, a Featherweight, ...).
 * - `crossroads`: `row` takes the card worth more to its own row right now (default, see `cardWorth`);
 *   `game` values each card by its exact change to the row and each action by what it would do with it:
 *   a Freeze or Triple Draw by the best `deny` or `harm` value, a Storm by its own one-card gain less
 *   the opponents' (times `threat`), a Second Chance by the points it insures on the next card.
 * - `gift`: where a spare Second Chance goes: `fewest` to the opponent with the fewest points at stake
 *   (default), `least` to the one it is worth least to: bust chance x points at stake x `threat`.
 * `threat` of an opponent = 1 + its total / target: the nearer it is to ending the game, the more its
 * points count against this player (1 for everyone in round mode).
 * Measured: stay-at:points=25 with the five situation-aware choices against the same with the fixed
 * defaults, 20,000 paired 4-player `sevn` games (field: three stay-at:points=25, seed 1), won 27.27%
 * against 25.47% of the games (+1.80 points, 95% CI [1.20, 2.39]). `ev` and `race` default to them.
 */
import { defineParams, oneOf, type ParamList, type Values } from '../../src/engine/params.js';
import { bustChance as nextCardBust } from '../../src/games/sevn/bust.js';
import { Kind } from '../../src/games/sevn/cards.js';
import { ChoiceRule, cardWorthOf, clockwiseBest } from '../../src/games/sevn/card-rules.js';
import { Answer, Status, type SevnContext, type SevnStrategy, type SevnView } from '../../src/games/sevn/view.js';
import { NextCard } from './next-card.js';

/** The card-choice parameters, declared for a strategy's `defineParams({ ..., ...CHOICES })`. */
export const CHOICES = {
  freeze: oneOf(['fewest', 'most', 'self', 'deny'], 'fewest', 'Freeze target: opponent with fewest / most points at stake, self, or the one it denies most'),
  triple: oneOf(['exposed', 'self', 'harm'], 'exposed', 'Triple Draw target: opponent most likely to bust, self, or by exposure and points at stake'),
  ballast: oneOf(['sevn', 'keep', 'discard', 'gain'], 'sevn', 'keep Ballast only to complete a SEVN, always, never, or when it raises the row now'),
  crossroads: oneOf(['row', 'game'], 'row', 'Crossroads: the card worth more to the row now, or to the game'),
  gift: oneOf(['fewest', 'least'], 'fewest', 'spare Second Chance to the opponent with fewest points at stake, or to whom it is worth least'),
};

/** The situation-aware choices, the defaults of `ev`, `race` and `search`. */
export const AWARE_CHOICES = { freeze: 'deny', triple: 'harm', ballast: 'gain', crossroads: 'game', gift: 'least' } as const;

/** The card choices alone, as a parameter list (a strategy with no parameters of its own). */
export const CHOICE_PARAMS = defineParams(CHOICES);

/** What `cardChoices` reads. */
export type ChoiceValues = Values<ParamList<typeof CHOICES>>;

/**
 * Unseen number cards of a value held in `held` (bit per number value): with a non-empty deck the
 * deck's copies (the chance that the next card busts is this over `v.deckSize`); with an empty deck
 * the next card comes from the reshuffled discard pile: every card not on the table.
 */
export function unseenDuplicates(v: SevnView, held: number): number {
  const cards = v.cards;
  if (v.deckSize > 0) {
    // As duplicatesInDeck, the seen counts read one by one (no copy of them all).
    let bad = 0;
    for (let m = held; m !== 0; m &= m - 1) {
      const c = cards.numberCode[31 - Math.clz32(m & -m)];
      bad += cards.copies[c] - v.seenOf(c);
    }
    return bad;
  }
  let bad = 0;
  for (let m = held; m !== 0; m &= m - 1) bad += cards.copies[cards.numberCode[31 - Math.clz32(m & -m)]] - onTable(v, cards.numberCode[31 - Math.clz32(m & -m)]);
  return bad;
}

/** Cards the next draw comes from: the deck, or when it is empty every card not on the table. */
export function unseenTotal(v: SevnView): number {
  if (v.deckSize > 0) return v.deckSize;
  // Every copy less every card on the table (the sum over codes of copies - onTable, in one pass).
  let total = v.cards.deck.length;
  for (let s = 0; s < v.players; s++) total -= v.rowLength(s);
  return total;
}

/** The exact chance that a row holding `held` busts on its next card (0 with a Second Chance). */
export function bustChance(v: SevnView, held: number, hasSecondChance: boolean): number {
  if (hasSecondChance || held === 0) return 0;
  return nextCardBust(unseenDuplicates(v, held), unseenTotal(v), false);
}

function onTable(v: SevnView, code: number): number {
  let k = 0;
  for (let s = 0; s < v.players; s++) for (let i = 0, n = v.rowLength(s); i < n; i++) if (v.rowCard(s, i) === code) k++;
  return k;
}

const BY_MOST_POINTS = 0;
const BY_FEWEST_POINTS = 1;
const BY_EXPOSURE = 2;

/** opponentBy's scores by seat (declared before use: no hole check). */
const scores = new Int32Array(32);

/**
 * The candidate opponent (clockwise from the decider, first wins ties) best by `by`, or -1. The view's
 * arrays are read once per call, and only those `by` needs: this ran at about 1,100 instructions a call
 * (8% of a 4-player stay-at game) before. The choice among the scores is the engine's (clockwiseBest):
 * the engine answers `fewest` and `exposed` itself for stay-at (card-rules.ts).
 */
function opponentBy(v: SevnView, by: number): number {
  const n = v.players;
  const cand = v.candidates & ~(1 << v.seat);
  const pts = v.roundPoints;
  if (by === BY_EXPOSURE) {
    // Exposure: duplicates among the unseen cards (same denominator for everyone), then points.
    const sc = v.secondChances;
    const held = v.heldMasks;
    for (let t = 0; t < n; t++) if ((cand >>> t) & 1) scores[t] = (sc[t] !== 0 ? 0 : unseenDuplicates(v, held[t]) * 4096) + pts[t];
  } else {
    const sign = by === BY_MOST_POINTS ? 1 : -1;
    for (let t = 0; t < n; t++) if ((cand >>> t) & 1) scores[t] = sign * pts[t];
  }
  return clockwiseBest(n, v.seat, cand, scores);
}

/** The fallback when no opponent is a candidate: itself if allowed, else the lowest candidate seat. */
function anyCandidate(v: SevnView): number {
  if (((v.candidates >>> v.seat) & 1) !== 0) return v.seat;
  return 31 - Math.clz32(v.candidates & -v.candidates);
}

/**
 * What a card would add to the deciding seat's row right now (in points; a bust costs the row): the
 * engine's cardWorthOf (card-rules.ts), which answers stay-at's Crossroads itself with it.
 */
export function cardWorth(v: SevnView, code: number): number {
  const sevn = v.rules.sevn;
  return cardWorthOf(v.cards, code, v.held, v.hasSecondChance, v.points, v.distinct, sevn.distinct, sevn.bonus);
}

/** How much an opponent's points count against the deciding player: 1 + its total / target. */
export function threat(v: SevnView, t: number): number {
  // totalOf, not totals[t]: the same integer without the copy of every total on the first read of a decision.
  return 1 + v.totalOf(t) / v.rules.target;
}

/** Builds the card-choice half of a strategy from its parameters. */
export function cardChoices(params: ChoiceValues, ctx: Pick<SevnContext, 'cards'>): Omit<SevnStrategy, 'drawOrStay'> {
  const { freeze, triple, ballast, crossroads, gift } = params;
  const aware = freeze === 'deny' || triple === 'harm' || ballast === 'gain' || crossroads === 'game' || gift === 'least';
  const nc = aware ? new NextCard(ctx.cards) : (null as unknown as NextCard);
  const choices: Omit<SevnStrategy, 'drawOrStay'> = {
    freezeTarget(v) {
      if (freeze === 'deny') {
        if (single(v.candidates)) return v.candidates === 0 ? -1 : 31 - Math.clz32(v.candidates);
        nc.loadUnseen(v);
        return bestFreeze(v, nc, v.candidates);
      }
      if (freeze === 'self' && ((v.candidates >>> v.seat) & 1) !== 0) return v.seat;
      const t = opponentBy(v, freeze === 'fewest' ? BY_FEWEST_POINTS : BY_MOST_POINTS);
      return t >= 0 ? t : anyCandidate(v);
    },
    tripleDrawTarget(v) {
      if (triple === 'harm') {
        if (single(v.candidates)) return v.candidates === 0 ? -1 : 31 - Math.clz32(v.candidates);
        nc.loadUnseen(v);
        return bestTriple(v, nc, v.candidates);
      }
      if (triple === 'self' && ((v.candidates >>> v.seat) & 1) !== 0) return v.seat;
      const t = opponentBy(v, BY_EXPOSURE);
      return t >= 0 ? t : anyCandidate(v);
    },
    secondChanceTo(v) {
      if (gift === 'least') return leastInsured(v);
      const t = opponentBy(v, BY_FEWEST_POINTS);
      return t >= 0 ? t : anyCandidate(v);
    },
    crossroads(v) {
      if (crossroads === 'game') {
        const a = v.optionA;
        const b = v.optionB;
        if (rowCard(v.cards.kind[a]) && rowCard(v.cards.kind[b])) {
          // Both valued on the row alone (gameWorth's last two lines): no unseen cards, one row read.
          nc.loadRow(v, v.seat);
          return rowWorth(nc, b) > rowWorth(nc, a) ? 1 : 0;
        }
        nc.loadUnseen(v);
        return gameWorth(v, nc, b) > gameWorth(v, nc, a) ? 1 : 0;
      }
      return cardWorth(v, v.optionB) > cardWorth(v, v.optionA) ? 1 : 0;
    },
    ballast(v) {
      if (ballast === 'keep') return Answer.KEEP;
      if (ballast === 'discard') return Answer.DISCARD;
      if (ballast === 'gain') {
        nc.loadRow(v, v.seat);
        return nc.ballastKeeps(v.card) ? Answer.KEEP : Answer.DISCARD;
      }
      return v.distinct + 1 === v.rules.sevn.distinct ? Answer.KEEP : Answer.DISCARD;
    },
  };
  // The fixed choices, `gain` and `game` declare their rules (card-rules.ts, ChoiceRule): the engine answers
  // them itself (`game` only between two row cards), for every strategy that plays them. Fresh functions each call: no sharing.
  const declare = (f: unknown, rule: ChoiceRule): void => void Object.assign(f as object, { choiceRule: rule });
  if (freeze === 'fewest') declare(choices.freezeTarget, ChoiceRule.FEWEST);
  if (triple === 'exposed') declare(choices.tripleDrawTarget, ChoiceRule.EXPOSED);
  if (gift === 'fewest') declare(choices.secondChanceTo, ChoiceRule.FEWEST);
  if (ballast === 'sevn') declare(choices.ballast, ChoiceRule.SEVN);
  if (ballast === 'gain') declare(choices.ballast, ChoiceRule.GAIN);
  if (crossroads === 'row') declare(choices.crossroads, ChoiceRule.ROW);
  if (crossroads === 'game') declare(choices.crossroads, ChoiceRule.GAME);
  return choices;
}

/**
 * Whether at most one seat is a candidate: the Freeze and Triple Draw choices then have one answer
 * (every candidate's value is finite, so the loops of bestFreeze and bestTriple keep it) and need
 * not value it. The engine always offers one at least; -1 for none, as the loops would return.
 */
function single(candidates: number): boolean {
  return (candidates & (candidates - 1)) === 0;
}

/** Whether gameWorth values a card of this kind on the deciding row alone (cardDelta, or 0 for a Crossroads). */
function rowCard(kind: number): boolean {
  return kind !== Kind.FREEZE && kind !== Kind.TRIPLE_DRAW && kind !== Kind.STORM && kind !== Kind.SECOND_CHANCE;
}

/** gameWorth of such a card, the deciding row loaded. */
function rowWorth(nc: NextCard, code: number): number {
  return nc.cards.kind[code] === Kind.CROSSROADS ? 0 : nc.cardDelta(code);
}

/**
 * What the last bestFreeze or bestTriple choice is worth to the decider (in round points): kept here
 * rather than returned in an object, so that a choice allocates nothing.
 */
export const chosen = { value: 0.5 };

/**
 * `deny`: the candidate whose freezing is worth most to the decider (unseen cards loaded): an
 * opponent's one-card gain times its threat, or for itself minus its own positive gain. The value is
 * left in `chosen.value`.
 */
export function bestFreeze(v: SevnView, nc: NextCard, candidates: number): number {
  let best = -1;
  let bestValue = -Infinity;
  for (let k = 1, t = v.seat; k <= v.players; k++) {
    t = t + 1 === v.players ? 0 : t + 1; // opponents clockwise first, itself last
    if (((candidates >>> t) & 1) === 0) continue;
    // Its own value, 0 - max(0, g), is at most 0: it cannot beat a best of 0 or more (ties keep the first).
    if (t === v.seat && bestValue >= 0) continue;
    nc.loadRow(v, t);
    nc.evaluate(true, false);
    const g = nc.gain;
    const value = t === v.seat ? 0 - Math.max(0, g) : g * threat(v, t);
    if (value > bestValue) {
      best = t;
      bestValue = value;
    }
  }
  chosen.value = bestValue;
  return best;
}

/** Math.pow(1 - q, n) by q and n (changeOver), declared before their use: no hole checks. */
const POW_SLOTS = 4096;
const POW_Q = new Float64Array(POW_SLOTS).fill(-1); // no q is -1 (q = bust chance, 0 <= q < 1 here)
const POW_N = new Int32Array(POW_SLOTS);
const POW = new Float64Array(POW_SLOTS);

/** The expected change of the loaded row over `cards` more cards, as if independent (see `harm`). */
function changeOver(nc: NextCard, cards: number): number {
  nc.evaluate(true, false);
  const g = nc.gain;
  const q = nc.bust;
  if (q >= 1) return 0 - nc.points;
  const a = (g + q * nc.points) / (1 - q);
  // Math.pow(1 - q, cards), kept by (q, cards): the same double (a function of them alone) without
  // the call in most valuations (q is a ratio of two small integers, so few values recur).
  const i = (q * 1048573) & (POW_SLOTS - 1);
  if (POW_Q[i] !== q || POW_N[i] !== cards) {
    POW_Q[i] = q;
    POW_N[i] = cards;
    POW[i] = Math.pow(1 - q, cards);
  }
  return POW[i] * (nc.points + cards * a) - nc.points;
}

/** `harm`: the Triple Draw candidate worth most to the decider (unseen cards loaded; value in `chosen.value`). */
export function bestTriple(v: SevnView, nc: NextCard, candidates: number): number {
  let best = -1;
  let bestValue = -Infinity;
  const cards = v.rules.tripleDrawCards;
  for (let k = 1, t = v.seat; k <= v.players; k++) {
    t = t + 1 === v.players ? 0 : t + 1;
    if (((candidates >>> t) & 1) === 0) continue;
    nc.loadRow(v, t);
    const change = changeOver(nc, cards);
    const value = t === v.seat ? change : -change * threat(v, t);
    if (value > bestValue) {
      best = t;
      bestValue = value;
    }
  }
  chosen.value = bestValue;
  return best;
}

/** `least`: the candidate a Second Chance is worth least to (bust chance x points x threat). */
function leastInsured(v: SevnView): number {
  let best = -1;
  let bestValue = Infinity;
  const total = unseenTotal(v);
  for (let k = 1, t = v.seat; k < v.players; k++) {
    t = t + 1 === v.players ? 0 : t + 1;
    if (((v.candidates >>> t) & 1) === 0) continue;
    const q = total > 0 ? unseenDuplicates(v, v.heldMasks[t]) / total : 0;
    const value = q * v.roundPoints[t] * threat(v, t);
    if (value < bestValue) {
      best = t;
      bestValue = value;
    }
  }
  return best >= 0 ? best : anyCandidate(v);
}

/** `crossroads=game`: what taking card `code` is worth to the decider (unseen cards loaded). */
export function gameWorth(v: SevnView, nc: NextCard, code: number): number {
  const kind = v.cards.kind[code];
  const me = v.seat;
  if (kind === Kind.FREEZE || kind === Kind.TRIPLE_DRAW) {
    // The choice it would make, over the players still in the round.
    let cand = activeSeats(v);
    if (kind === Kind.FREEZE && v.rules.freezeSelf === false) cand &= ~(1 << me);
    const seat = kind === Kind.FREEZE ? bestFreeze(v, nc, cand) : bestTriple(v, nc, cand);
    return seat < 0 ? 0 : chosen.value;
  }
  if (kind === Kind.STORM) {
    let value = 0;
    for (let t = 0; t < v.players; t++) {
      if (v.statusOf(t) !== Status.ACTIVE) continue;
      nc.loadRow(v, t);
      nc.evaluate(true, false);
      const g = nc.gain;
      value += t === me ? g : -g * threat(v, t);
    }
    return value;
  }
  nc.loadRow(v, me);
  if (kind === Kind.SECOND_CHANCE) {
    if (nc.secondChance) return 0;
    nc.evaluate(true, false);
    return nc.bust * nc.points;
  }
  if (kind === Kind.CROSSROADS) return 0;
  return nc.cardDelta(code);
}

function activeSeats(v: SevnView): number {
  let m = 0;
  for (let t = 0; t < v.players; t++) if (v.statusOf(t) === Status.ACTIVE) m |= 1 << t;
  return m;
}
