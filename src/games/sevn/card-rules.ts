/**
 * Rules a strategy can declare on its functions so that the engine answers for it, without filling the
 * view or calling it: stay-at's draw-or-stay threshold (StaysAtPoints), race's bust cap and floor
 * (DrawsUnderFloor: the questions they settle, most of race's) and the card choices of
 * strategies/sevn/choices.ts that need no unseen cards (ChoiceRule: stay-at's defaults, bust-cap's, ...; ev's
 * and race's `ballast=gain`, and `crossroads=game` between two cards that act on the row). Not with an evaluator
 * (it replays the round through the strategies); with a decision sink the engine still answers and sets
 * the view's points for the recording. A declaration sits on the function it describes: a player built
 * by spreading another and replacing that function loses it. test/sevn/stay-at-points.test.ts and card-rules.test.ts hold
 * the engine's answers equal to the strategy's.
 */
import { Kind, type SevnCards } from './cards.js';
import { Seat } from './seats.js';
import { Answer, Decision, type SevnPlayer, Status } from './view.js';
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
 * What a drawOrStay function can carry when these answers are its own (race, strategies/sevn/race.ts,
 * with stake >= 0 and exact=off), `bust` being: a number is held, no Second Chance, the deck is not
 * empty and the unseen copies of the held numbers (copies - seen) over the deck's size exceed `risk`:
 * - with `bust`: DRAW when an opponent out of the round (stayed or frozen) has a final (total + round
 *   points) at or above `target` and above its own total + points, else STAY;
 * - without: DRAW when the round points are below the floor from the totals: min(points + progress x
 *   (gap > 0 ? behind x gap : ahead x gap) + (crowd >= 0 ? 0 : crowd x (players - 1)), target - its
 *   total), gap = the best opponent's total - its own (0 alone), progress = min(1, the highest total /
 *   target).
 * The engine answers these itself (answerFloor) and asks the strategy otherwise (an empty deck with a
 * number held, or points at or above the floor); the floor is worked out once a seat, deck epoch and
 * round (the totals change only between rounds; every game starts a new epoch).
 */
export interface DrawsUnderFloor {
  readonly drawsUnderFloor: { readonly risk: number; readonly points: number; readonly behind: number; readonly ahead: number; readonly crowd: number; readonly target: number };
}

/** stayAt[s] of a seat whose drawOrStay declares DrawsUnderFloor. */
export const UNDER_FLOOR = -2;

/** A seat's slots in the floors array (FloorSlot.SIZE each): the declaration, then the cached floor and its keys. */
export const enum FloorSlot {
  RISK = 0,
  POINTS = 1,
  BEHIND = 2,
  AHEAD = 3,
  CROWD = 4,
  TARGET = 5,
  EPOCH = 6,
  ROUND = 7,
  FLOOR = 8,
  SIZE = 9,
}

/** Reads a DrawsUnderFloor declaration into seat s's slots of `floors`; false without one. */
function readFloor(p: SevnPlayer, s: number, floors: Float64Array): boolean {
  const d = (p.drawOrStay as Partial<DrawsUnderFloor>).drawsUnderFloor;
  if (d === undefined || d === null) return false;
  const o = s * FloorSlot.SIZE;
  floors[o + FloorSlot.RISK] = d.risk;
  floors[o + FloorSlot.POINTS] = d.points;
  floors[o + FloorSlot.BEHIND] = d.behind;
  floors[o + FloorSlot.AHEAD] = d.ahead;
  floors[o + FloorSlot.CROWD] = d.crowd;
  floors[o + FloorSlot.TARGET] = d.target;
  floors[o + FloorSlot.EPOCH] = -1; // no epoch is -1: worked out at the first question
  return true;
}

/**
 * Seat s's answer by its DrawsUnderFloor declaration (slots in `floors`), its round points `points`:
 * DRAW, STAY, or -1 to ask the strategy. The same floating-point steps as race's own (race.ts
 * underFloor, bustsOver, outWins).
 */
export function answerFloor(e: SevnTable, floors: Float64Array, s: number, points: number): number {
  const st = e.seats;
  const b = s << Seat.SHIFT;
  const o = s * FloorSlot.SIZE;
  const held = st[b | Seat.MASK];
  if (held !== 0 && st[b | Seat.SC] === 0) {
    const total = e.deckLen;
    if (total <= 0) return -1;
    // At most the held values' copies less the one on each row are unseen (two lookups): when even those are few
    // enough, so are the unseen ones (x <= y gives x / total <= y / total in floating point too), not counted then.
    const most = e.mostDuplicates;
    if ((most[held & 255] + most[256 | ((held >>> 8) & 255)]) / total > floors[o + FloorSlot.RISK]) {
      const copies = e.cards.copies;
      const code = e.cards.numberCode;
      const seen = e.seen;
      let bad = 0;
      for (let m = held; m !== 0; m &= m - 1) {
        const c = code[31 - Math.clz32(m & -m)];
        bad += copies[c] - seen[c];
      }
      if (bad / total > floors[o + FloorSlot.RISK]) return outWins(e, s, e.totals[s] + points, floors[o + FloorSlot.TARGET]) ? Answer.DRAW : Answer.STAY;
    }
  }
  if (floors[o + FloorSlot.EPOCH] !== e.epoch || floors[o + FloorSlot.ROUND] !== e.round) setFloor(e, floors, s);
  return points < floors[o + FloorSlot.FLOOR] ? Answer.DRAW : -1;
}

/** Whether an opponent of s out of the round (stayed or frozen) has a final at or above the target and above `mine`. */
function outWins(e: SevnTable, s: number, mine: number, target: number): boolean {
  const st = e.seats;
  let bestOut = -1;
  for (let t = 0; t < e.n; t++) {
    if (t === s) continue;
    const status = st[(t << Seat.SHIFT) | Seat.STATUS];
    if (status === Status.ACTIVE || status === Status.BUSTED) continue;
    const final = e.totals[t] + e.scoreSeat(t);
    if (final > bestOut) bestOut = final;
  }
  return bestOut >= target && bestOut > mine;
}

/** Works out seat s's floor for this round (see DrawsUnderFloor) into its slots. */
function setFloor(e: SevnTable, floors: Float64Array, s: number): void {
  const o = s * FloorSlot.SIZE;
  const totals = e.totals;
  const n = e.n;
  const target = floors[o + FloorSlot.TARGET];
  const crowd = floors[o + FloorSlot.CROWD];
  const myTotal = totals[s];
  let bestTotal = -1e9;
  let top = myTotal;
  for (let t = 0; t < n; t++) {
    if (t === s) continue;
    const total = totals[t];
    if (total > top) top = total;
    if (total > bestTotal) bestTotal = total;
  }
  const gap = n > 1 ? bestTotal - myTotal : 0;
  const progress = Math.min(1, top / target);
  const level = floors[o + FloorSlot.POINTS] + progress * (gap > 0 ? floors[o + FloorSlot.BEHIND] * gap : floors[o + FloorSlot.AHEAD] * gap);
  floors[o + FloorSlot.FLOOR] = Math.min(level + (crowd >= 0 ? 0 : crowd * (n - 1)), target - myTotal);
  floors[o + FloorSlot.EPOCH] = e.epoch;
  floors[o + FloorSlot.ROUND] = e.round;
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
 * - GAIN (Ballast): keep it only when keeping raises the row's score now (rowDelta).
 * - GAME (Crossroads): with two cards that act on the row alone, the one that changes it more (rowDelta);
 *   the engine asks otherwise.
 */
export const enum ChoiceRule {
  ASK = 0,
  FEWEST = 1,
  EXPOSED = 2,
  SEVN = 3,
  ROW = 4,
  GAIN = 5,
  GAME = 6,
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
 * Per seat of a lineup: the points it stays at (stayAtPoints) into `stayAt[s]`, or UNDER_FLOOR with its
 * DrawsUnderFloor declaration into `floors`, and the rule each card choice declares into
 * `rule[(s << 3) | kind]` (ChoiceRule, by Decision kind), read by the engine.
 */
export function readRules(players: readonly SevnPlayer[], stayAt: Int32Array, rule: Uint8Array, floors: Float64Array): void {
  for (let s = 0; s < players.length; s++) {
    const p = players[s];
    stayAt[s] = stayAtPoints(p);
    if (stayAt[s] < 0 && readFloor(p, s, floors)) stayAt[s] = UNDER_FLOOR;
    rule[(s << 3) | Decision.FREEZE] = ruleOf(p.freezeTarget, ChoiceRule.FEWEST);
    rule[(s << 3) | Decision.TRIPLE_DRAW] = ruleOf(p.tripleDrawTarget, ChoiceRule.EXPOSED);
    rule[(s << 3) | Decision.SECOND_CHANCE] = ruleOf(p.secondChanceTo, ChoiceRule.FEWEST);
    rule[(s << 3) | Decision.BALLAST] = ruleOf(p.ballast, ChoiceRule.SEVN) || ruleOf(p.ballast, ChoiceRule.GAIN);
    rule[(s << 3) | Decision.CROSSROADS] = ruleOf(p.crossroads, ChoiceRule.ROW) || ruleOf(p.crossroads, ChoiceRule.GAME);
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

/** Seat s's answer to Ballast card c by its rule (SEVN or GAIN): keep it (1) or discard it (0). */
export function answerBallast(e: SevnTable, s: number, c: number, rule: number): number {
  const st = e.seats;
  const b = s << Seat.SHIFT;
  if (rule === ChoiceRule.SEVN) return st[b | Seat.DISTINCT] + 1 === e.sevnDistinct ? 1 : 0;
  // Kept exactly when that raises the score: its change (0 when discarded) above 0.
  return rowDelta(e, s, c) > 0 ? 1 : 0;
}

/** The exact change of seat s's score from card `code` (SeatBonus.cardDelta, as the bots' NextCard values it); a Crossroads 0. */
function rowDelta(e: SevnTable, s: number, code: number): number {
  const st = e.seats;
  const b = s << Seat.SHIFT;
  return e.bonus.cardDelta(e.cards.kind[code], e.cards.value[code], st[b | Seat.MASK], st[b | Seat.SUM], st[b | Seat.DISTINCT], st[b | Seat.NONLOW], st[b | Seat.MULT], st[b | Seat.PLUS], st[b | Seat.BONUS], st[b | Seat.SC] !== 0, e.scoreSeat(s), e.sevnDistinct);
}

/** Whether GAME values a card of this kind on the row alone (choices.ts rowCard): not an action that acts on the table. */
function rowKind(kind: number): boolean {
  return kind !== Kind.FREEZE && kind !== Kind.TRIPLE_DRAW && kind !== Kind.STORM && kind !== Kind.SECOND_CHANCE;
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

/**
 * Seat s's pick between Crossroads cards a (0) and b (1) by its rule: ROW, b only when it is worth more to
 * the row now (cardWorthOf); GAME, with both cards acting on the row alone, b only when its exact change
 * to the row is larger (rowDelta), else -1: ask (the actions are valued over the unseen cards).
 */
export function answerCrossroads(e: SevnTable, s: number, a: number, b: number, rule: number): number {
  if (rule === ChoiceRule.GAME) {
    const kind = e.cards.kind;
    if (!rowKind(kind[a]) || !rowKind(kind[b])) return -1;
    return rowDelta(e, s, b) > rowDelta(e, s, a) ? 1 : 0;
  }
  const st = e.seats;
  const base = s << Seat.SHIFT;
  const held = st[base | Seat.MASK];
  const sc = st[base | Seat.SC] !== 0;
  const points = e.scoreSeat(s);
  const d = st[base | Seat.DISTINCT];
  return cardWorthOf(e.cards, b, held, sc, points, d, e.sevnDistinct, e.sevnBonus) > cardWorthOf(e.cards, a, held, sc, points, d, e.sevnDistinct, e.sevnBonus) ? 1 : 0;
}

/**
 * By the low and the high 8 bits of a held-value mask (at [0, 256) and [256, 512)): the held values' copies less one
 * each (the one on the row, seen): the most unseen duplicates they can have (answerFloor). With a number value of 16
 * or more, entries too large for any deck: the unseen ones are then always counted.
 */
export function mostDuplicates(cards: SevnCards): Int32Array {
  const most = new Int32Array(512);
  for (let v = 0; v < 31; v++) {
    const code = cards.numberCode[v];
    if (code === 255) continue;
    for (let m = 0; m < 256; m++) {
      if (v >= 16) most[m] = most[256 | m] = 1 << 24;
      else if ((m >>> (v & 7)) & 1) most[((v >>> 3) << 8) | m] += cards.copies[code] - 1;
    }
  }
  return most;
}
