/**
 * The engine's answer for `ev`'s sure draws (strategies/sevn/ev.ts): the numbers' bound of
 * strategies/sevn/card-counts.ts (drawsSurely, numbersBound, marginBound), worked out from the table's
 * counters and seen counts instead of the view, the call and the kept counts' update. ev's questions
 * are mostly settled there (about 88 of 128 a 4-player game), so the engine answers those itself and
 * asks the strategy for the rest, as it does for race's floor (card-rules.ts, DrawsUnderFloor).
 */
import { Bonus, Kind, type SevnCards } from './cards.js';
import { Seat } from './seats.js';
import { Answer, type SevnPlayer } from './view.js';
import type { SevnTable } from './table.js';

/**
 * What a drawOrStay function can carry when it draws whenever drawsSurely (card-counts.ts) says 1 with
 * this margin: ev, with margin < 0, exact=off and every + and x modifier and bonus non-negative
 * (NextCard.rowCardsNonNegative). With another seat in the round, a non-empty deck, no Featherweight
 * held and a live row below sevn.distinct values with sum >= 0 and sum x mult + plus >= 0, the
 * engine answers DRAW when the exact integer bound on the numbers' part of one more card's gain
 *   B = mult x (unseen number values - unseen held values) + sevn x (unseen numbers - unseen held)
 *       - (no Second Chance ? points x unseen held : 0)
 * (sevn: the SEVN bonus when one more value completes it, else 0) is >= 0, or with T >= 2 unseen
 * cards, s unseen Storms and c unseen Crossroads, B x (1 + s / T) x (1 + c / (T - 1)) / T > margin +
 * 1e-6 (the same floating-point steps as marginBound); it asks the strategy otherwise.
 */
export interface DrawsWhileGain {
  readonly drawsWhileGain: { readonly margin: number };
}

/** stayAt[s] of a seat whose drawOrStay declares DrawsWhileGain. */
export const WHILE_GAIN = -3;

/**
 * The unseen number cards' count and value sum, kept from one question to the next within a deck
 * epoch (deck.ts): only the cards drawn since, deck[deckLen, top), are taken off. One for the table,
 * shared by its seats.
 */
export class UnseenNumbers {
  epoch = -1;
  top = 0;
  count = 0;
  values = 0;
  /**
   * By the low and high 8 bits of a held-value mask: the most unseen copies the held values can have
   * (each value's copies less the one on its row, which is seen) at [0, 512), and those copies' values
   * at [512, 1024). Null when a number value is 16 or more (the mask has more than 16 bits).
   */
  readonly most: Int32Array | null;

  constructor(cards: SevnCards) {
    let top = 0;
    for (let c = 0; c < cards.codes; c++) if (cards.kind[c] === Kind.NUMBER) top = Math.max(top, cards.value[c]);
    if (top >= 16) {
      this.most = null;
      return;
    }
    const most = new Int32Array(1024);
    for (let m = 0; m < 256; m++) {
      for (let half = 0; half < 2; half++) {
        for (let x = 0; x < 8; x++) {
          const v = x + 8 * half;
          const code = cards.numberCode[v];
          if (((m >>> x) & 1) === 0 || code === 255) continue;
          most[(half << 8) | m] += cards.copies[code] - 1;
          most[512 | (half << 8) | m] += (cards.copies[code] - 1) * v;
        }
      }
    }
    this.most = most;
  }
}

/** Reads a DrawsWhileGain declaration: its margin, or NaN without one (or with a margin not below 0). */
export function gainMargin(p: SevnPlayer): number {
  const d = (p.drawOrStay as Partial<DrawsWhileGain>).drawsWhileGain;
  const margin = d === undefined || d === null ? NaN : d.margin;
  return typeof margin === 'number' && margin < 0 ? margin : NaN;
}

/** Brings `u` up to date with the table's deck (see UnseenNumbers). */
function unseenNumbers(e: SevnTable, u: UnseenNumbers): void {
  const n = e.deckLen;
  const bits = e.numberBit;
  const value = e.cardValue;
  let count: number;
  let values: number;
  if (u.epoch === e.epoch && n <= u.top) {
    count = u.count;
    values = u.values;
    const deck = e.deck;
    for (let i = n, top = u.top; i < top; i++) {
      const c = deck[i];
      if (bits[c] !== 0) {
        count--;
        values -= value[c];
      }
    }
  } else {
    // Afresh: copies - seen over the number codes (codes 0 .. numbers - 1, SevnCards numbers them first).
    const copies = e.cards.copies;
    const seen = e.seen;
    count = 0;
    values = 0;
    for (let c = 0; c < copies.length && bits[c] !== 0; c++) {
      const k = copies[c] - seen[c];
      count += k;
      values += k * value[c];
    }
    u.epoch = e.epoch;
  }
  u.top = n;
  u.count = count;
  u.values = values;
}

/**
 * Seat s's answer by its DrawsWhileGain declaration (margin `margin`), its round points `points`:
 * DRAW, or -1 to ask the strategy. The same integers and floating-point steps as drawsSurely's.
 */
export function answerGain(e: SevnTable, u: UnseenNumbers, s: number, points: number, margin: number): number {
  const total = e.deckLen;
  if (e.active < 2 || total <= 0) return -1; // alone in the round or an empty deck: ev works it out
  const st = e.seats;
  const b = s << Seat.SHIFT;
  const sum = st[b | Seat.SUM];
  const mult = st[b | Seat.MULT];
  const distinct = st[b | Seat.DISTINCT];
  if ((st[b | Seat.BONUS] & Bonus.FEATHERWEIGHT) !== 0 || sum < 0 || distinct >= e.sevnDistinct || sum * mult + st[b | Seat.PLUS] < 0) return -1;
  unseenNumbers(e, u);
  const mask = st[b | Seat.MASK];
  const sevn = distinct + 1 >= e.sevnDistinct ? e.sevnBonus : 0;
  const lose = st[b | Seat.SC] !== 0 ? 0 : points;
  const most = u.most;
  if (most !== null && mult >= 0 && sevn >= 0) {
    // B at its least, from the most unseen copies of the held values (two lookups): at least 0, B is.
    const lo = mask & 255;
    const hi = 256 | (mask >>> 8);
    const dup = most[lo] + most[hi];
    if (mult * (u.values - most[512 | lo] - most[512 | hi]) + sevn * (u.count - dup) - lose * dup >= 0) return Answer.DRAW;
  }
  const copies = e.cards.copies;
  const code = e.cards.numberCode;
  const seen = e.seen;
  let dup = 0;
  let dupValues = 0;
  for (let m = mask; m !== 0; m &= m - 1) {
    const x = 31 - Math.clz32(m & -m);
    const c = code[x];
    const k = copies[c] - seen[c];
    dup += k;
    dupValues += k * x;
  }
  const bound = mult * (u.values - dupValues) + sevn * (u.count - dup) - lose * dup;
  if (bound >= 0) return Answer.DRAW;
  if (total < 2) return -1;
  const storm = e.cards.storm;
  const crossroads = e.cards.crossroads;
  const low = (bound * (1 + (copies[storm] - seen[storm]) / total) * (1 + (copies[crossroads] - seen[crossroads]) / (total - 1))) / total;
  return low > margin + 1e-6 ? Answer.DRAW : -1;
}
