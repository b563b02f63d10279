/**
 * What a SEVN strategy sees, the decisions it makes and the codes it returns.
 *
 * A strategy answers six questions, each with an integer:
 * - `drawOrStay`: Answer.DRAW (1) or Answer.STAY (0), on its turn.
 * - `freezeTarget`, `tripleDrawTarget`, `secondChanceTo`: a seat whose bit is set in `view.candidates`.
 * - `crossroads`: 0 for `view.optionA`, 1 for `view.optionB`.
 * - `ballast`: Answer.KEEP (1) or Answer.DISCARD (0) for the Ballast card `view.card`.
 * The engine checks every answer and throws an Error naming the strategy if it is illegal.
 */
import type { Rng } from '../../engine/rng.js';
import { type ParamSpec, type Values, parseSpec, resolveParams } from '../../engine/params.js';
import type { Labelled, ReadonlyInts, StrategyDef } from '../../engine/strategy.js';
import type { SevnCards } from './cards.js';
import type { SevnRules } from './rules.js';

/**
 * Const enums, so that tsc writes the numbers into the engine and strategies: an imported `const` is a
 * module-cell load and a hole check at each use (with opponentBy's rewrite, 148.7k -> 135.1k
 * instructions a 4-player game, valgrind).
 */
export const enum Answer {
  STAY = 0,
  DRAW = 1,
  DISCARD = 0,
  KEEP = 1,
}

/** Decision kinds (`view.decision`, and the first digit of a decision's state key). */
export const enum Decision {
  DRAW_STAY = 0,
  FREEZE = 1,
  TRIPLE_DRAW = 2,
  CROSSROADS = 3,
  BALLAST = 4,
  SECOND_CHANCE = 5,
}
export const DECISION_KINDS = ['draw-stay', 'freeze', 'triple-draw', 'crossroads', 'ballast', 'second-chance'] as const;

/** A seat's status in the current round. */
export const enum Status {
  ACTIVE = 0,
  STAYED = 1,
  FROZEN = 2,
  BUSTED = 3,
}
export const STATUS_NAMES = ['in', 'stayed', 'frozen', 'busted'] as const;

/** A row's counters, as `SevnView.rowCounterOf` reads them. */
export const enum RowCounter {
  STATUS = 0,
  /** Bit v: number value v held. */
  MASK = 1,
  /** Sum of the number values held and of the kept Ballast. */
  SUM = 2,
  /** Distinct scoring values: numbers and kept Ballast. */
  DISTINCT = 3,
  /** Kept Ballast above Featherweight's maxValue. */
  NONLOW = 4,
  /** Product of the x modifiers (1 without any). */
  MULT = 5,
  /** Sum of the + modifiers. */
  PLUS = 6,
  /** Bonus cards held (Bonus.* bits, cards.ts). */
  BONUS = 7,
  /** 1 while a Second Chance is held. */
  SC = 8,
}

/**
 * What a strategy sees at a decision. Everything is a copy: `rules` is a frozen copy of the rules,
 * `cards` the card table of the strategy side (built from that copy; not the engine's), the per-seat
 * arrays are copies the engine refreshes before each decision. Nothing a strategy holds reaches the
 * engine.
 */
export interface SevnView {
  readonly rules: Readonly<SevnRules>;
  readonly cards: SevnCards;
  /** Which question is asked (D_*). */
  readonly decision: number;
  readonly seat: number;
  readonly players: number;
  readonly dealer: number;
  /** 0-based round of the game (always 0 in round mode). */
  readonly round: number;

  /** The deciding seat's own row: what it would score if the round ended now (0 once busted, no SEVN bonus). */
  readonly points: number;
  /** Distinct scoring values held (numbers and kept Ballast). */
  readonly distinct: number;
  /** Bit v set when the number value v is held. */
  readonly held: number;
  readonly hasSecondChance: boolean;

  /** Seats that may be chosen (bit per seat), for Freeze, Triple Draw and Second Chance. */
  readonly candidates: number;
  /** The card being decided: the Ballast card, or the action card (Freeze, Triple Draw, Second Chance). */
  readonly card: number;
  /** The two Crossroads cards. */
  readonly optionA: number;
  readonly optionB: number;

  /** Per seat (copied from the engine when first read in a decision). */
  readonly status: ReadonlyInts;
  readonly totals: ReadonlyInts;
  /** Per seat: what its row would score if the round ended now (0 when busted). */
  readonly roundPoints: ReadonlyInts;
  readonly distincts: ReadonlyInts;
  readonly heldMasks: ReadonlyInts;
  /** Per seat: 1 when it holds a Second Chance. */
  readonly secondChances: ReadonlyInts;
  /** Every row's card codes: seat s holds rows[s * rowStride + i] for i < rowLengths[s]. */
  readonly rows: ReadonlyInts;
  readonly rowLengths: ReadonlyInts;
  readonly rowStride: number;
  /**
   * Per card code: copies drawn since the last reshuffle (cards on the table at a reshuffle count as
   * seen). `cards.copies[c] - seen[c]` is exactly what the deck holds.
   */
  readonly seen: ReadonlyInts;
  readonly deckSize: number;
  readonly discardSize: number;

  // One entry at a time, read where it is kept, with no copy: cheaper than the arrays above for a
  // strategy that reads a few entries per decision (each array is copied whole on its first read in a
  // decision). The same values as the arrays.
  /** status[seat] */
  statusOf(seat: number): number;
  /** totals[seat] */
  totalOf(seat: number): number;
  /** roundPoints[seat] */
  roundPointsOf(seat: number): number;
  /** rowLengths[seat] */
  rowLength(seat: number): number;
  /** rows[seat * rowStride + i], for i < rowLength(seat) */
  rowCard(seat: number, i: number): number;
  /** seen[code] */
  seenOf(code: number): number;

  // Optional (the engine's view has them): for a strategy that keeps what it counts from one decision
  // to the next instead of reading it all again. A strategy falls back on the members above without them.
  /**
   * Changes whenever the seen counts change other than by one draw at a time (a fresh deck, a
   * reshuffle, a position set up), to a value no other deck of the thread has had.
   */
  readonly deckEpoch?: number;
  /**
   * The card drawn when the deck went from i + 1 cards to i, for deckSize <= i and since deckEpoch
   * last changed; -1 for any other i. The seen cards one at a time, in the order drawn.
   */
  drawnAt?(i: number): number;
  /**
   * One of seat's row counters (RowCounter.*, what the scoring reads; 0 for any other number), read
   * where the engine keeps it: no copy of them all (a row loaded this way costs about half as much).
   */
  rowCounterOf?(seat: number, counter: number): number;
  /** Seats whose status is ACTIVE (the deciding seat among them at a draw-or-stay question): one read, not a loop over statusOf. */
  readonly inRound?: number;
}

export interface SevnStrategy {
  drawOrStay(v: SevnView): number;
  freezeTarget(v: SevnView): number;
  tripleDrawTarget(v: SevnView): number;
  crossroads(v: SevnView): number;
  ballast(v: SevnView): number;
  secondChanceTo(v: SevnView): number;
}

/** What a strategy is built with: the same copies as in the view. */
export interface SevnContext {
  rules: Readonly<SevnRules>;
  cards: SevnCards;
  /** The strategy's own random stream, reseeded per game by the runner. */
  rng: Rng;
}

export interface SevnStrategyDef<P extends readonly ParamSpec[] = readonly ParamSpec[]> extends StrategyDef<SevnStrategy, SevnContext, P> {
  /**
   * What exact solo analyses (the bust table) need from it, when it has one: its draw decision in a
   * solo round of a number-only deck as a function of the held values alone (bit v set: value v held).
   */
  soloDrawRule?(params: Values<P>, rules: SevnRules): (held: number) => boolean;
}

/** The solo draw rule `spec`'s strategy declares (SevnStrategyDef.soloDrawRule), with its parameters; null if none. */
export function soloDrawRule(strategies: readonly SevnStrategyDef[], rules: SevnRules, spec: string): ((held: number) => boolean) | null {
  const s = parseSpec(spec);
  const def = strategies.find((d) => d.name === s.name);
  return def?.soloDrawRule?.(resolveParams(s.name, def.params, s.raw), rules) ?? null;
}
export type SevnPlayer = SevnStrategy & Labelled;
