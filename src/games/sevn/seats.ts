/** The SEVN engine's memory layout for seats: how many there can be, and each seat's packed counters. */

/** Most seats at one table (the seat bit masks and the per-seat arrays are sized for this): the one limit, MAX_SEATS. */
export { MAX_SEATS as MAX_PLAYERS } from '../../engine/game.js';

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
  // The fields a round starts at 0, STATUS to EXTRA, come first: the engine zeroes them two at a time
  // (SevnTable.seatPairs).
  STATUS = 0,
  /** Bit v: number value v held. */
  MASK = 1,
  /** Sum of number values and kept Ballast. */
  SUM = 2,
  /** Distinct scoring values (= scoring cards: numbers and kept Ballast). */
  DISTINCT = 3,
  /** Kept Ballast cards above Featherweight's maxValue (numbers above it are read from the mask). */
  NONLOW = 4,
  PLUS = 5,
  /** Bonus cards held (B_* bits). */
  BONUS = 6,
  /** 1 while a Second Chance is held. */
  SC = 7,
  /** 1 after a SEVN this round. */
  SEVNAT = 8,
  /** Bonus cards' points plus the SEVN bonus, kept current as the row changes. */
  EXTRA = 9,
  ROWLEN = 10,
  /** Where the seat's row starts in `rows` (fixed: s * stride). */
  ROWBASE = 11,
  MULT = 12,
}
