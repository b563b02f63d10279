/**
 * Rules a strategy can declare on its functions so that the engine answers for it, without filling the
 * view or calling it: stay-at's draw-or-stay threshold (StaysAtPoints) and the fixed card choices of
 * strategies/sevn/choices.ts (ChoiceRule: stay-at's defaults, bust-cap's, ...). Not with an evaluator
 * (it replays the round through the strategies); with a decision sink the engine still answers and sets
 * the view's points for the recording. A declaration sits on the function it describes: a player built
 * by spreading another and replacing that function loses it. test/sevn/stay-at-points.test.ts and card-rules.test.ts hold
 * the engine's answers equal to the strategy's.
 */
import { Kind, type SevnCards } from './cards.js';
import { Seat } from './seats.js';
import { Decision, type SevnPlayer } from './view.js';
import type { SevnTable } from './table.js';

/**
 * What a strategy's drawOrStay function can carry when its answer is `points >= stayAtPoints ? STAY :
 * DRAW`, points being the view's (the seat's round score), and nothing else: stay-at. The engine then
 * answers for it (askDraw; 4-player games 1.08x natively, bench/README.md, seventh pass).
 */
export interface StaysAtPoints {
  readonly stayAtPoints: number;
}

/** The points a player declares it stays at (a whole number, 0 or more), or -1: ask it. */
export function stayAtPoints(p: SevnPlayer): number {
  const at = (p.drawOrStay as Partial<StaysAtPoints>).stayAtPoints;
  return typeof at === 'number' && Number.isInteger(at) && at >= 0 && at <= 0x3fffffff ? at : -1;
}

/**
 * A card choice whose answer is one of these rules and nothing else (strategies/sevn/choices.ts):
 * - FEWEST (a Freeze or a spare Second Chance): the opponent with the fewest round points, clockwise
 *   from the decider first on ties; without an opponent among the candidates, itself if it is one,
 *   else the lowest candidate seat.
 * - EXPOSED (a Triple Draw): the opponent with the most unseen duplicates of its numbers (none with a
 *   Second Chance), times 4096, plus its round points; the same ties and fallback.
 * - SEVN (Ballast): keep it only when it completes a SEVN.
 * - ROW (Crossroads): the second card only when it is worth more to the row now (cardWorthOf).
 */
export const enum ChoiceRule {
  ASK = 0,
  FEWEST = 1,
  EXPOSED = 2,
  SEVN = 3,
  ROW = 4,
}

/** What a card-choice function carries to declare its rule (see ChoiceRule). */
export interface FollowsRule {
  readonly choiceRule: ChoiceRule;
}

/** `rule` when the choice function declares it, else ASK. */
export function ruleOf(f: unknown, rule: ChoiceRule): ChoiceRule {
  return (f as Partial<FollowsRule> | undefined)?.choiceRule === rule ? rule : ChoiceRule.ASK;
}

/**
 * Per seat of a lineup: the points it stays at (stayAtPoints) into `stayAt[s]`, and the rule each card
 * choice declares into `rule[(s << 3) | kind]` (ChoiceRule, by Decision kind), read by the engine.
 */
export function readRules(players: readonly SevnPlayer[], stayAt: Int32Array, rule: Uint8Array): void {
  for (let s = 0; s < players.length; s++) {
    const p = players[s];
    stayAt[s] = stayAtPoints(p);
    rule[(s << 3) | Decision.FREEZE] = ruleOf(p.freezeTarget, ChoiceRule.FEWEST);
    rule[(s << 3) | Decision.TRIPLE_DRAW] = ruleOf(p.tripleDrawTarget, ChoiceRule.EXPOSED);
    rule[(s << 3) | Decision.SECOND_CHANCE] = ruleOf(p.secondChanceTo, ChoiceRule.FEWEST);
    rule[(s << 3) | Decision.BALLAST] = ruleOf(p.ballast, ChoiceRule.SEVN);
    rule[(s << 3) | Decision.CROSSROADS] = ruleOf(p.crossroads, ChoiceRule.ROW);
  }
}

/**
 * The candidate opponent of `seat` (bit t of `candidates`) with the highest `score[t]`, clockwise from
 * `seat`, the first of equals; -1 without one. Scores above -1e9. Shared by the strategy's choice
 * (choices.ts, opponentBy, from its view) and the engine's (answerTarget, from the table).
 */
export function clockwiseBest(n: number, seat: number, candidates: number, score: ArrayLike<number>): number {
  let best = -1;
  let bestScore = -1e9;
  let t = seat;
  for (let k = 1; k < n; k++) {
    t = t + 1 === n ? 0 : t + 1;
    if (((candidates >>> t) & 1) === 0) continue;
    if (score[t] > bestScore) {
      best = t;
      bestScore = score[t];
    }
  }
  return best;
}

const scores = new Int32Array(32);

/**
 * Seat s's FEWEST or EXPOSED target among `candidates`, worked out from the table; -1 when the rule
 * needs the cards off the table (an empty deck: the next card then comes from the reshuffled pile).
 */
export function answerTarget(e: SevnTable, rule: number, s: number, candidates: number): number {
  const st = e.seats;
  const n = e.n;
  if (rule === ChoiceRule.EXPOSED) {
    if (e.deckLen === 0) return -1;
    const copies = e.cards.copies;
    const code = e.cards.numberCode;
    const seen = e.seen;
    for (let t = 0; t < n; t++) {
      if (((candidates >>> t) & 1) === 0) continue;
      let dup = 0;
      if (st[(t << Seat.SHIFT) | Seat.SC] === 0) {
        for (let m = st[(t << Seat.SHIFT) | Seat.MASK]; m !== 0; m &= m - 1) {
          const c = code[31 - Math.clz32(m & -m)];
          dup += copies[c] - seen[c];
        }
      }
      scores[t] = dup * 4096 + e.scoreSeat(t);
    }
  } else for (let t = 0; t < n; t++) if ((candidates >>> t) & 1) scores[t] = -e.scoreSeat(t);
  const t = clockwiseBest(n, s, candidates, scores);
  if (t >= 0) return t;
  return ((candidates >>> s) & 1) !== 0 ? s : 31 - Math.clz32(candidates & -candidates);
}

/** Seat s's SEVN answer to a Ballast card: keep it (1) only when it completes a SEVN. */
export function answerBallast(e: SevnTable, s: number): number {
  return e.seats[(s << Seat.SHIFT) | Seat.DISTINCT] + 1 === e.sevnDistinct ? 1 : 0;
}

/**
 * What card `code` would add to a row right now (in points; a bust costs the row), from the row's held
 * number values, Second Chance, round points and distinct values: the Crossroads `row` choice's value
 * of a card (choices.ts cardWorth, from its view; answerCrossroads, from the table).
 */
export function cardWorthOf(cards: SevnCards, code: number, held: number, hasSecondChance: boolean, points: number, distinct: number, sevnDistinct: number, sevnBonus: number): number {
  const val = cards.value[code];
  switch (cards.kind[code]) {
    case Kind.NUMBER:
      if ((held >>> val) & 1) return hasSecondChance ? -1 : -points - 1;
      return val + (distinct + 1 === sevnDistinct ? sevnBonus : 0);
    case Kind.BALLAST:
      return distinct + 1 === sevnDistinct ? val + sevnBonus : 0; // discarded otherwise
    case Kind.MULTIPLY: {
      let sum = 0;
      for (let x = held, b = 0; x !== 0; x >>>= 1, b++) if (x & 1) sum += b;
      return sum * (val - 1);
    }
    case Kind.ADD: return val;
    case Kind.SECOND_CHANCE: return hasSecondChance ? 0.5 : 5;
    case Kind.FEATHERWEIGHT:
    case Kind.HEAVYWEIGHT:
    case Kind.LADDER: return 2;
    default: return 0; // actions: about neutral
  }
}

/** Seat s's ROW pick between Crossroads cards a (0) and b (1): b only when it is worth more to the row. */
export function answerCrossroads(e: SevnTable, s: number, a: number, b: number): number {
  const st = e.seats;
  const base = s << Seat.SHIFT;
  const held = st[base | Seat.MASK];
  const sc = st[base | Seat.SC] !== 0;
  const points = e.scoreSeat(s);
  const d = st[base | Seat.DISTINCT];
  return cardWorthOf(e.cards, b, held, sc, points, d, e.sevnDistinct, e.sevnBonus) > cardWorthOf(e.cards, a, held, sc, points, d, e.sevnDistinct, e.sevnBonus) ? 1 : 0;
}
