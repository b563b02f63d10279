/**
 * SEVN decision buckets: the state features `--bucket` can choose and how each is read from the
 * engine, the action codes of each decision kind in words, and the next card's exact bust chance.
 */
import { type BucketFeature, DecisionCounter, Tally, planBand } from '../../engine/decisions.js';
import type { DecisionSink } from '../../engine/strategy.js';
import { bustChance, duplicatesInDeck } from './bust.js';
import { Kind, type SevnCards } from './cards.js';
import type { SevnEngine } from './engine.js';
import { type SevnRules, deckSize } from './rules.js';
import { Seat } from './seats.js';
import { DECISION_KINDS, Decision, Status } from './view.js';

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

/** A bucket feature of seat s's decision (totals are those before this round). */
export function sevnFeature(e: SevnEngine, s: number, f: number): number {
  return f === Feature.POINTS ? e.scoreSeat(s) : askedFeature(e, s, f);
}

/**
 * A bucket feature of the decision being asked: as sevnFeature, but the points are those the ask
 * already worked out for the view. Small, so that V8 inlines it at each of observeDecision's reads.
 */
function askedFeature(e: SevnEngine, s: number, f: number): number {
  switch (f) {
    case Feature.POINTS:
      return e.view.points;
    case Feature.DISTINCT:
      return e.seats[(s << Seat.SHIFT) | Seat.DISTINCT];
    case Feature.BUST:
      return nextCardBust(e, s) * 100;
    case Feature.CARDS_LEFT:
      return e.deckLen;
    case Feature.TOTAL:
      return e.totals[s];
    case Feature.GAP_LEADER:
      return gapLeader(e, s);
    case Feature.GAP_TARGET:
      return e.rules.target - e.totals[s];
    default:
      return stillIn(e, s);
  }
}

/**
 * A decision answered, with an evaluator or a decision sink present (the engine's asks call this):
 * the evaluator hears it (`answer`, and `x0`, `y0` as the kind gives them), and the sink records
 * `action` in its bucket (Bucketer.key's sum, from the Bucketer's plan).
 *
 * Buckets of points and distinct only (the default) take the DrawTally's tables (below; the engine's
 * askDraw counts there itself unless an evaluator listens); otherwise the first two features are read
 * outside the loop, which cost about 100 instructions a decision less than one loop over the plan
 * with the feature switch inside (valgrind, bench/README.md).
 */
export function observeDecision(e: SevnEngine, s: number, kind: number, answer: number, x0: number, y0: number, action: number): void {
  if (e.evaluator !== null) e.evaluator.decided(e, s, kind, answer, x0, y0);
  const t = e.drawTally;
  if (t.sink !== null) {
    // Points and distinct only: the same key from the tally's tables, without the loop below; a
    // draw-or-stay answer counted in place (DrawTally).
    const distinct = e.seats[(s << Seat.SHIFT) | Seat.DISTINCT];
    if (action < 8 && kind !== Decision.CROSSROADS) t.countKind(kind, e.view.points, distinct, action, s);
    else t.sink.record(s, kind * t.kindPlace + t.state(e.view.points, distinct), action);
    return;
  }
  const d = e.decisions;
  if (d === null) return;
  const b = d.buckets;
  const plan = b.plan;
  const placed = b.placed;
  const n = plan.length;
  let key = kind * b.kindPlace;
  if (n > 0) key += planBand(placed, plan, 0, askedFeature(e, s, plan[0]));
  if (n > 4) key += planBand(placed, plan, 4, askedFeature(e, s, plan[4]));
  for (let i = 8; i < n; i += 4) key += planBand(placed, plan, i, askedFeature(e, s, plan[i]));
  d.record(s, key, action);
}

/**
 * A target or Ballast answer, with a sink or an evaluator (the engine's asks): counted in the draw
 * tally's cells when they take the sink, the points read from the seat (so a rule's answer needs no
 * `prepare` of the view), else observeDecision. Small and apart from observeDecision's general path
 * and the Crossroads picks' record (a hash lookup), which V8 inlined into every ask (bench/README.md,
 * thirteenth pass).
 */
export function observeChoice(e: SevnEngine, s: number, kind: number, answer: number, x0: number, action: number): void {
  if (e.evaluator === null && e.drawTally.sink !== null) e.drawTally.countKind(kind, e.scoreSeat(s), e.seats[(s << Seat.SHIFT) | Seat.DISTINCT], action, s);
  else observeDecision(e, s, kind, answer, x0, 0, action);
}

/** As observeChoice, for a Crossroads pick of card `card` (a card code: recorded, not counted in place). */
export function observePick(e: SevnEngine, s: number, answer: number, a: number, b: number, card: number): void {
  const t = e.drawTally;
  if (e.evaluator === null && t.sink !== null) t.sink.record(s, Decision.CROSSROADS * t.kindPlace + t.state(e.scoreSeat(s), e.seats[(s << Seat.SHIFT) | Seat.DISTINCT]), card);
  else observeDecision(e, s, Decision.CROSSROADS, answer, a, b, card);
}

/**
 * A decision counter's keys for buckets of the points and distinct features only, worked out without
 * the plan loop and the feature switch: one read of a table indexed by both values (a value past the
 * table's end counts as its last entry, the top band; a feature not chosen has one entry of 0), which
 * holds where the two bands' cells start in the counter's tallies (DecisionCounter.tallies). Answers
 * of an action below 8 (draw or stay, targets, Ballast) are counted in those cells in place (no hash,
 * no call) and credited at settle; Crossroads picks (card codes) go to the counter's record with the
 * same key (observeDecision). The table, the counts and the list of cells used are one array, the
 * tallies' `mem` (the table in its head): a count then loads one array, not four.
 */
export class DrawTally {
  /** The counter these tables are for (null: none fits, observeDecision's general path keys). */
  sink: DecisionSink | null = null;
  /**
   * The tallies' memory. At Tally.HEAD + ((min(points, pointsTop) << distinctShift) |
   * min(distinct, distinctTop)): where that state's cells start (countsAt + (state << 6)).
   */
  private mem: Int32Array = new Int32Array(1);
  private pointsTop = 0;
  private distinctTop = 0;
  private distinctShift = 0;
  private listAt = 0;
  private countsAt = 0;
  /** The Bucketer's kindPlace: a kind's part of the key is kind * kindPlace. */
  kindPlace = 0;

  /**
   * Where the cells of a decision's state (kind 0) start in `mem`. The parts of these indices are
   * joined with `|` where their bits are apart (distinct below 1 << distinctShift; action and seat in
   * a cell's low 6 bits, countsAt a multiple of 64): V8 checks every int32 `+` for overflow.
   */
  private cellAt(points: number, distinct: number): number {
    // Math.min, not a conditional: a branch first taken late (points above 100) deoptimised `turns`.
    return this.mem[Tally.HEAD + ((Math.min(points, this.pointsTop) << this.distinctShift) | Math.min(distinct, this.distinctTop))];
  }

  /** The bucket key (state) of a decision of kind 0 in the state of (points, distinct). */
  state(points: number, distinct: number): number {
    return (this.cellAt(points, distinct) - this.countsAt) >> 6;
  }

  /** One more draw-or-stay answer (`action` 0 or 1) of `seat` in the state of (points, distinct), in the unit being played. */
  count(points: number, distinct: number, action: number, seat: number): void {
    this.countAt(this.cellAt(points, distinct) | (action << 3) | seat);
  }

  /** As count, for a decision of another kind with an action below 8. */
  countKind(kind: number, points: number, distinct: number, action: number, seat: number): void {
    this.countAt((((kind * this.kindPlace) << 6) + this.cellAt(points, distinct)) | (action << 3) | seat);
  }

  private countAt(at: number): void {
    const mem = this.mem;
    const c = mem[at];
    mem[at] = c + 1;
    // A cell is listed on its first use, without a branch: whether a cell is new is up to the cards
    // (a third of a game's answers), a branch the processor mispredicts. Written at the end of the list
    // every time (the list has a spare entry), kept only when new ((c - 1) >>> 31 is 1 for c = 0).
    const n = mem[Tally.N];
    mem[this.listAt + n] = at;
    mem[Tally.N] = n + ((c - 1) >>> 31);
  }

  /** Takes `d` (SevnEngine's decisions setter) if its buckets allow: a DecisionCounter, points and distinct only, at most 1,024 states over all decision kinds. */
  take(d: DecisionSink | null): void {
    this.sink = null;
    if (!(d instanceof DecisionCounter)) return;
    const b = d.buckets;
    const plan = b.plan;
    if (b.kindPlace * DECISION_KINDS.length > 1024) return; // at most 65,536 cells (2.6 MB of sums)
    let points = new Int32Array(1);
    let distinct = new Int32Array(1);
    for (let i = 0; i < plan.length; i += 4) {
      if (plan[i + 1] !== 0) return; // a lowest band below 0: not these features
      const table = new Int32Array(plan[i + 2]);
      for (let x = 0; x < table.length; x++) table[x] = b.placed[plan[i + 3] + x];
      if (plan[i] === Feature.POINTS) points = table;
      else if (plan[i] === Feature.DISTINCT) distinct = table;
      else return;
    }
    this.pointsTop = points.length - 1;
    this.distinctTop = distinct.length - 1;
    this.distinctShift = 32 - Math.clz32(this.distinctTop);
    const p = d.tallies(b.kindPlace * DECISION_KINDS.length, points.length << this.distinctShift);
    for (let x = 0; x < points.length; x++) for (let y = 0; y < distinct.length; y++) p.mem[Tally.HEAD + ((x << this.distinctShift) | y)] = p.countsAt + ((points[x] + distinct[y]) << 6);
    this.mem = p.mem;
    this.listAt = p.listAt;
    this.countsAt = p.countsAt;
    this.kindPlace = b.kindPlace;
    this.sink = d;
  }
}

/** Own total minus the highest other total (0 alone). */
function gapLeader(e: SevnEngine, s: number): number {
  if (e.n < 2) return 0;
  let best = -0x7fffffff;
  for (let p = 0; p < e.n; p++) if (p !== s && e.totals[p] > best) best = e.totals[p];
  return e.totals[s] - best;
}

/** Opponents still in the round. */
function stillIn(e: SevnEngine, s: number): number {
  let still = 0;
  for (let p = 0; p < e.n; p++) if (p !== s && e.seats[(p << Seat.SHIFT) | Seat.STATUS] === Status.ACTIVE) still++;
  return still;
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

/**
 * Exact chance that seat s's next card is a number it holds (0 with a Second Chance held). With an
 * empty deck the next draw reshuffles the discard pile first: the chance is counted in the pile.
 */
export function nextCardBust(e: SevnEngine, s: number): number {
  const st = e.seats;
  const b = s << Seat.SHIFT;
  const mask = st[b | Seat.MASK];
  const sc = st[b | Seat.SC] !== 0;
  if (e.deckLen > 0) return bustChance(duplicatesInDeck(e.cards, mask, e.seen), e.deckLen, sc);
  const cards = e.cards;
  let bad = 0;
  for (let i = 0; i < e.discardLen; i++) {
    const c = e.discard[i];
    if (cards.kind[c] === Kind.NUMBER && mask & (1 << cards.value[c])) bad++;
  }
  return bustChance(bad, e.discardLen, sc);
}
