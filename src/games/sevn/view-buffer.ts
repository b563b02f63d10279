/**
 * The engine side of a SEVN strategy's view (view.ts): the buffer the engine fills before each decision,
 * and the read-only copies of the rules and card table that strategies get instead of the engine's.
 */
import { type ReadonlyInts, readOnlyCopy } from '../../engine/strategy.js';
import { SevnCards } from './cards.js';
import type { SevnRules } from './rules.js';
import { Seat } from './seats.js';
import { RowCounter, type SevnView } from './view.js';

/** A frozen copy of the rules and a card table of its own, for strategies. */
export function strategySide(rules: SevnRules): { rules: Readonly<SevnRules>; cards: SevnCards } {
  const copy = readOnlyCopy(rules);
  return { rules: copy, cards: new SevnCards(copy) };
}

/** The engine state a view copies from. */
export interface SevnViewSource {
  readonly seats: Int32Array;
  readonly totals: Int32Array;
  readonly rows: Uint8Array;
  readonly seen: Uint8Array;
  readonly deck: Uint8Array;
  readonly deckSize: number;
  /** See SevnDeck.epoch. */
  readonly epoch: number;
  readonly epochTop: number;
  readonly discardSize: number;
  /** Seats still in the round (status ACTIVE). */
  readonly active: number;
  fillRoundPoints(out: Int32Array): void;
  scoreSeat(s: number): number;
  copySeats(field: number, out: { [i: number]: number }): void;
}

/**
 * The engine's copy for strategies. The scalars are set before each decision; the arrays are copied
 * when a strategy first reads them in that decision, so a strategy that reads only `points` (stay-at)
 * costs no copy at all. The engine behind it is a #private field: a strategy cannot reach it.
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
  // Fields the constructor sets are `declare`d: see SevnDeck (deck.ts) why.
  declare readonly rowStride: number;
  /** Bumped by the engine before each decision; a stale array is re-copied on read. */
  stamp = 1;
  private readonly _copied = new Int32Array(9);
  declare private readonly _status: Uint8Array;
  declare private readonly _totals: Int32Array;
  declare private readonly _roundPoints: Int32Array;
  declare private readonly _distincts: Uint8Array;
  declare private readonly _held: Int32Array;
  declare private readonly _sc: Uint8Array;
  declare private readonly _rows: Uint8Array;
  declare private readonly _rowLen: Uint8Array;
  declare private readonly _seen: Uint8Array;

  readonly #src: SevnViewSource;

  constructor(readonly rules: Readonly<SevnRules>, readonly cards: SevnCards, src: SevnViewSource, rowStride: number) {
    this.#src = src;
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
    return this.#src.seats[(this.seat << Seat.SHIFT) | Seat.DISTINCT];
  }
  get held(): number {
    return this.#src.seats[(this.seat << Seat.SHIFT) | Seat.MASK];
  }
  get hasSecondChance(): boolean {
    return this.#src.seats[(this.seat << Seat.SHIFT) | Seat.SC] !== 0;
  }
  get deckSize(): number {
    return this.#src.deckSize;
  }
  get discardSize(): number {
    return this.#src.discardSize;
  }

  get status(): ReadonlyInts {
    if (this._copied[0] !== this.stamp) { this.#src.copySeats(Seat.STATUS, this._status); this._copied[0] = this.stamp; }
    return this._status;
  }
  get totals(): ReadonlyInts {
    if (this._copied[1] !== this.stamp) { this.copyTotals(); this._copied[1] = this.stamp; }
    return this._totals;
  }
  get roundPoints(): ReadonlyInts {
    if (this._copied[2] !== this.stamp) { this.#src.fillRoundPoints(this._roundPoints); this._copied[2] = this.stamp; }
    return this._roundPoints;
  }
  get distincts(): ReadonlyInts {
    if (this._copied[3] !== this.stamp) { this.#src.copySeats(Seat.DISTINCT, this._distincts); this._copied[3] = this.stamp; }
    return this._distincts;
  }
  get heldMasks(): ReadonlyInts {
    if (this._copied[4] !== this.stamp) { this.#src.copySeats(Seat.MASK, this._held); this._copied[4] = this.stamp; }
    return this._held;
  }
  get secondChances(): ReadonlyInts {
    if (this._copied[5] !== this.stamp) { this.#src.copySeats(Seat.SC, this._sc); this._copied[5] = this.stamp; }
    return this._sc;
  }
  get rows(): ReadonlyInts {
    if (this._copied[6] !== this.stamp) { this.copyRows(); this._copied[6] = this.stamp; }
    return this._rows;
  }
  get rowLengths(): ReadonlyInts {
    if (this._copied[7] !== this.stamp) { this.#src.copySeats(Seat.ROWLEN, this._rowLen); this._copied[7] = this.stamp; }
    return this._rowLen;
  }
  get seen(): ReadonlyInts {
    if (this._copied[8] !== this.stamp) { this.copySeen(); this._copied[8] = this.stamp; }
    return this._seen;
  }

  statusOf(seat: number): number {
    return this.#src.seats[(seat << Seat.SHIFT) | Seat.STATUS];
  }
  totalOf(seat: number): number {
    return this.#src.totals[seat];
  }
  roundPointsOf(seat: number): number {
    return this.#src.scoreSeat(seat);
  }
  rowLength(seat: number): number {
    return this.#src.seats[(seat << Seat.SHIFT) | Seat.ROWLEN];
  }
  rowCard(seat: number, i: number): number {
    return this.#src.rows[seat * this.rowStride + i];
  }
  seenOf(code: number): number {
    return this.#src.seen[code];
  }
  get inRound(): number {
    return this.#src.active;
  }
  get deckEpoch(): number {
    return this.#src.epoch;
  }
  drawnAt(i: number): number {
    const src = this.#src;
    return i >= src.deckSize && i < src.epochTop ? src.deck[i] : -1;
  }
  /** The seat's field as st[(seat << Seat.SHIFT) | f] (see Seat): a constant counter folds the choice of f once inlined. */
  rowCounterOf(seat: number, counter: number): number {
    const f = counter >= RowCounter.STATUS && counter <= RowCounter.NONLOW ? counter // the same numbers as Seat's
      : counter === RowCounter.MULT ? Seat.MULT : counter === RowCounter.PLUS ? Seat.PLUS
      : counter === RowCounter.BONUS ? Seat.BONUS : counter === RowCounter.SC ? Seat.SC : -1;
    return f < 0 ? 0 : this.#src.seats[(seat << Seat.SHIFT) | f];
  }

  // Loops, not TypedArray.set: for these few entries the builtin call costs more than the copy
  // (choices' Triple Draw target reads seen: opponentBy 4.4% of a 4-player game with set()).
  private copyTotals(): void {
    const from = this.#src.totals;
    const to = this._totals;
    for (let i = 0; i < to.length; i++) to[i] = from[i];
  }
  /** The cards of the rows in play only (a row's cells past its length are not part of the view). */
  private copyRows(): void {
    const from = this.#src.rows;
    const to = this._rows;
    const seats = this.#src.seats;
    const stride = this.rowStride;
    for (let s = 0, o = 0; s < this.players; s++, o += stride) {
      for (let i = o, end = o + seats[(s << Seat.SHIFT) | Seat.ROWLEN]; i < end; i++) to[i] = from[i];
    }
  }
  private copySeen(): void {
    const from = this.#src.seen;
    const to = this._seen;
    for (let i = 0; i < to.length; i++) to[i] = from[i];
  }
}
