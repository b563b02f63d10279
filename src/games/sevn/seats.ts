/** The SEVN engine's memory layout: how many seats there can be, each seat's packed counters, and where each region of its state lies. */

import { MAX_SEATS } from '../../engine/game.js';
import type { SevnRules } from './rules.js';

/** Most seats at one table (the seat bit masks and the per-seat arrays are sized for this): the one limit, MAX_SEATS. */
export { MAX_SEATS as MAX_PLAYERS };

/**
 * The engine's per-seat counters, packed: seat s's field f is `seats[(s << Seat.SHIFT) + f]` (one
 * typed array instead of one per counter; see SevnEngine.seats). A const enum, so that tsc writes the
 * numbers into the engine: an imported `const` costs a module-cell load and a hole check at every use.
 * Fields are read as `seats[b | Seat.X]` with b = s << SHIFT (the same index as b + X, every field being
 * below SIZE): an int32 `|` needs no overflow check, where V8 checked every `+` (bench/README.md).
 */
export const enum Seat {
  SHIFT = 4,
  /** Int32 slots per seat. */
  SIZE = 16,
  STATUS = 0,
  /** Bit v: number value v held. */
  MASK = 1,
  /** Sum of number values and kept Ballast. */
  SUM = 2,
  /** Distinct scoring values (= scoring cards: numbers and kept Ballast). */
  DISTINCT = 3,
  /** Kept Ballast cards above Featherweight's maxValue (numbers above it are read from the mask). */
  NONLOW = 4,
  MULT = 5,
  PLUS = 6,
  /** Bonus cards held (B_* bits). */
  BONUS = 7,
  /** 1 while a Second Chance is held. */
  SC = 8,
  /** 1 after a SEVN this round. */
  SEVNAT = 9,
  ROWLEN = 10,
  /** Where the seat's row starts in the engine's one array (fixed: SevnLayout.rows + s * stride). */
  ROWBASE = 11,
  /** Bonus cards' points plus the SEVN bonus, kept current as the row changes. */
  EXTRA = 12,
}

/**
 * Where each region of the engine's state lies in its one Int32Array (SevnDeck.mem). Why one array:
 * V8's optimised code reloads a typed array's map, length, base and external pointer after every
 * call and at every loop iteration (about 8-10 instructions an array), and a draw touched up to seven
 * arrays (bench/README.md, eleventh pass). Each region starts at a multiple of a power of two at least
 * its length, so `at | i` is `at + i` for i below its length: an int32 `|` needs no overflow check.
 * The seats' counters are at 0, so `mem[b | Seat.X]` reads them as `seats[b | Seat.X]` does.
 */
export class SevnLayout {
  /** Int32 entries of the whole array. */
  readonly length: number;
  /** The deck and the discard pile: two regions of `size` cards that swap roles at a reshuffle. */
  readonly deckA: number;
  readonly deckB: number;
  /** Per deck position (SevnDeck.drawnFrom). */
  readonly drawnFrom: number;
  /** The queue of waiting actions (a ring of `size`): owner seat and card. */
  readonly qOwner: number;
  readonly qCard: number;
  /** Per card code: copies seen, the number bit, copies in hand, kind, value. */
  readonly seen: number;
  readonly numberBit: number;
  readonly inHand: number;
  readonly kind: number;
  readonly value: number;
  /** Per seat: the running total, the round's score, busts, the points it stays at. */
  readonly totals: number;
  readonly roundScore: number;
  readonly bustCount: number;
  readonly stayAt: number;
  /** Per seat s and decision kind k at (s << 3) | k (SevnEngine.choiceRule). */
  readonly choiceRule: number;
  /** Rows: seat s's row starts at rows + s * stride (Seat.ROWBASE). */
  readonly rows: number;
  /** Room for one seat's row: every card that can lie in one. */
  readonly stride: number;

  constructor(rules: SevnRules, size: number, codes: number) {
    let stride = rules.numbers.length + 1 + rules.ballast.length + 1; // distinct numbers, a duplicate, Ballast, Second Chance
    for (const m of rules.modifiers) stride += m.count;
    const b = rules.bonuses;
    stride += b.featherweight.count + b.heavyweight.count + b.ladder.count;
    this.stride = stride;
    let top = MAX_SEATS << Seat.SHIFT;
    const place = (len: number): number => {
      let p = 1;
      while (p < len) p <<= 1;
      const at = Math.ceil(top / p) * p;
      top = at + len;
      return at;
    };
    this.rows = place(stride * MAX_SEATS);
    this.deckA = place(size);
    this.deckB = place(size);
    this.drawnFrom = place(size);
    this.qOwner = place(size);
    this.qCard = place(size);
    this.seen = place(codes);
    this.numberBit = place(codes);
    this.inHand = place(codes);
    this.kind = place(codes);
    this.value = place(codes);
    this.totals = place(MAX_SEATS);
    this.roundScore = place(MAX_SEATS);
    this.bustCount = place(MAX_SEATS);
    this.stayAt = place(MAX_SEATS);
    this.choiceRule = place(MAX_SEATS << 3);
    this.length = top;
  }
}
