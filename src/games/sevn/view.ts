/**
 * What a SEVN strategy sees, the decisions it makes and the codes it returns.
 *
 * A strategy answers six questions, each with an integer:
 * - `drawOrStay`: DRAW (1) or STAY (0), on its turn.
 * - `freezeTarget`, `tripleDrawTarget`, `secondChanceTo`: a seat whose bit is set in `view.candidates`.
 * - `crossroads`: 0 for `view.optionA`, 1 for `view.optionB`.
 * - `ballast`: KEEP (1) or DISCARD (0) for the Ballast card `view.card`.
 * The engine checks every answer and throws an Error naming the strategy if it is illegal.
 */
import type { Rng } from '../../engine/rng.js';
import type { Labelled, ReadonlyInts, StrategyDef } from '../../engine/strategy.js';
import type { SevnCards } from './cards.js';
import type { SevnRules } from './rules.js';
import { Seat } from './seats.js';

/**
 * Const enums, so that tsc writes the numbers into the engine and strategies: an imported `const` is a
 * module-cell load and a hole check at each use (with opponentBy's rewrite, 148.7k -> 135.1k
 * instructions a 4-player game, valgrind). The named exports below are the public API.
 */
export const enum Answer {
  STAY = 0,
  DRAW = 1,
  DISCARD = 0,
  KEEP = 1,
}
export const STAY: number = Answer.STAY;
export const DRAW: number = Answer.DRAW;
export const DISCARD: number = Answer.DISCARD;
export const KEEP: number = Answer.KEEP;

/** Decision kinds (`view.decision`, and the first digit of a decision's state key). */
export const enum Decision {
  DRAW_STAY = 0,
  FREEZE = 1,
  TRIPLE_DRAW = 2,
  CROSSROADS = 3,
  BALLAST = 4,
  SECOND_CHANCE = 5,
}
export const D_DRAW_STAY: number = Decision.DRAW_STAY;
export const D_FREEZE: number = Decision.FREEZE;
export const D_TRIPLE_DRAW: number = Decision.TRIPLE_DRAW;
export const D_CROSSROADS: number = Decision.CROSSROADS;
export const D_BALLAST: number = Decision.BALLAST;
export const D_SECOND_CHANCE: number = Decision.SECOND_CHANCE;
export const DECISION_KINDS = ['draw-stay', 'freeze', 'triple-draw', 'crossroads', 'ballast', 'second-chance'] as const;

/** A seat's status in the current round. */
export const enum Status {
  ACTIVE = 0,
  STAYED = 1,
  FROZEN = 2,
  BUSTED = 3,
}
export const ACTIVE: number = Status.ACTIVE;
export const STAYED: number = Status.STAYED;
export const FROZEN: number = Status.FROZEN;
export const BUSTED: number = Status.BUSTED;
export const STATUS_NAMES = ['in', 'stayed', 'frozen', 'busted'] as const;

export interface SevnView {
  readonly rules: SevnRules;
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
}

export interface SevnStrategy {
  drawOrStay(v: SevnView): number;
  freezeTarget(v: SevnView): number;
  tripleDrawTarget(v: SevnView): number;
  crossroads(v: SevnView): number;
  ballast(v: SevnView): number;
  secondChanceTo(v: SevnView): number;
}

export interface SevnContext {
  rules: SevnRules;
  cards: SevnCards;
  /** The strategy's own random stream, reseeded per chunk by the runner. */
  rng: Rng;
}

export type SevnStrategyDef = StrategyDef<SevnStrategy, SevnContext>;
export type SevnPlayer = SevnStrategy & Labelled;

/** The engine state a view copies from. */
export interface SevnViewSource {
  readonly seats: Int32Array;
  readonly totals: Int32Array;
  readonly rows: Uint8Array;
  readonly seen: Uint8Array;
  readonly deckSize: number;
  readonly discardSize: number;
  fillRoundPoints(out: Int32Array): void;
  copySeats(field: number, out: { [i: number]: number }): void;
}

/**
 * The engine's copy for strategies. The scalars are set before each decision; the arrays are copied
 * with TypedArray.set when a strategy first reads them in that decision, so a strategy that reads only
 * `points` (stay-at) costs no copy at all.
 */
export class SevnViewBuffer implements SevnView {
  decision = 0;
  seat = 0;
  players = 1;
  dealer = 0;
  round = 0;
  points = 0;
  candidates = 0;
  card = 0;
  optionA = 0;
  optionB = 0;
  readonly rowStride: number;
  /** Bumped by the engine before each decision; a stale array is re-copied on read. */
  stamp = 1;
  private readonly copied = new Int32Array(9);
  private readonly _status: Uint8Array;
  private readonly _totals: Int32Array;
  private readonly _roundPoints: Int32Array;
  private readonly _distincts: Uint8Array;
  private readonly _held: Int32Array;
  private readonly _sc: Uint8Array;
  private readonly _rows: Uint8Array;
  private readonly _rowLen: Uint8Array;
  private readonly _seen: Uint8Array;

  constructor(readonly rules: SevnRules, readonly cards: SevnCards, private readonly src: SevnViewSource, rowStride: number) {
    this.rowStride = rowStride;
    const seats = src.totals.length;
    this._status = new Uint8Array(seats);
    this._totals = new Int32Array(seats);
    this._roundPoints = new Int32Array(seats);
    this._distincts = new Uint8Array(seats);
    this._held = new Int32Array(seats);
    this._sc = new Uint8Array(seats);
    this._rows = new Uint8Array(src.rows.length);
    this._rowLen = new Uint8Array(seats);
    this._seen = new Uint8Array(src.seen.length);
  }

  // Scalars read straight from the engine when asked: cheaper than setting them on every decision.
  get distinct(): number {
    return this.src.seats[(this.seat << Seat.SHIFT) + Seat.DISTINCT];
  }
  get held(): number {
    return this.src.seats[(this.seat << Seat.SHIFT) + Seat.MASK];
  }
  get hasSecondChance(): boolean {
    return this.src.seats[(this.seat << Seat.SHIFT) + Seat.SC] !== 0;
  }
  get deckSize(): number {
    return this.src.deckSize;
  }
  get discardSize(): number {
    return this.src.discardSize;
  }

  get status(): ReadonlyInts {
    if (this.copied[0] !== this.stamp) { this.src.copySeats(Seat.STATUS, this._status); this.copied[0] = this.stamp; }
    return this._status;
  }
  get totals(): ReadonlyInts {
    if (this.copied[1] !== this.stamp) { this.copyTotals(); this.copied[1] = this.stamp; }
    return this._totals;
  }
  get roundPoints(): ReadonlyInts {
    if (this.copied[2] !== this.stamp) { this.src.fillRoundPoints(this._roundPoints); this.copied[2] = this.stamp; }
    return this._roundPoints;
  }
  get distincts(): ReadonlyInts {
    if (this.copied[3] !== this.stamp) { this.src.copySeats(Seat.DISTINCT, this._distincts); this.copied[3] = this.stamp; }
    return this._distincts;
  }
  get heldMasks(): ReadonlyInts {
    if (this.copied[4] !== this.stamp) { this.src.copySeats(Seat.MASK, this._held); this.copied[4] = this.stamp; }
    return this._held;
  }
  get secondChances(): ReadonlyInts {
    if (this.copied[5] !== this.stamp) { this.src.copySeats(Seat.SC, this._sc); this.copied[5] = this.stamp; }
    return this._sc;
  }
  get rows(): ReadonlyInts {
    if (this.copied[6] !== this.stamp) { this._rows.set(this.src.rows); this.copied[6] = this.stamp; }
    return this._rows;
  }
  get rowLengths(): ReadonlyInts {
    if (this.copied[7] !== this.stamp) { this.src.copySeats(Seat.ROWLEN, this._rowLen); this.copied[7] = this.stamp; }
    return this._rowLen;
  }
  get seen(): ReadonlyInts {
    if (this.copied[8] !== this.stamp) { this.copySeen(); this.copied[8] = this.stamp; }
    return this._seen;
  }

  // Loops, not TypedArray.set: for these few entries the builtin call costs more than the copy
  // (choices' Triple Draw target reads seen: opponentBy 4.4% of a 4-player game with set()).
  private copyTotals(): void {
    const from = this.src.totals;
    const to = this._totals;
    for (let i = 0; i < to.length; i++) to[i] = from[i];
  }
  private copySeen(): void {
    const from = this.src.seen;
    const to = this._seen;
    for (let i = 0; i < to.length; i++) to[i] = from[i];
  }
}
