/**
 * The next card's bust chance, one computation for the engine's decision buckets, the strategies
 * (strategies/sevn/choices.ts) and the exact bust tables: the number cards of a value the row holds,
 * over the cards the next draw comes from. A Second Chance held cancels the duplicate: chance 0.
 *
 * The counts are integers and the division is left to `bustChance`: a strategy comparing against a
 * threshold multiplies instead (a double returned from a call V8 does not inline is boxed, and these
 * run at every decision of `bust-cap`).
 */

/** What the counts need of a card table (SevnCards, or the read-only one a strategy's view holds). */
export interface NumberCards {
  /** Per number value 0..30: its card code. */
  readonly numberCode: ArrayLike<number>;
  /** Per card code: copies in the full deck. */
  readonly copies: ArrayLike<number>;
}

/**
 * Cards of the values in `held` (bit v = number value v) still in the deck, which holds exactly
 * `copies - seen` of each card (`seen`: per code, drawn since the last reshuffle).
 */
export function duplicatesInDeck(cards: NumberCards, held: number, seen: ArrayLike<number>): number {
  const numberCode = cards.numberCode;
  const copies = cards.copies;
  let bad = 0;
  for (let m = held; m !== 0; m &= m - 1) {
    const c = numberCode[31 - Math.clz32(m & -m)];
    bad += copies[c] - seen[c];
  }
  return bad;
}

/** Cards of the values in `held` among unseen cards counted per number value (index v). */
export function duplicatesAmong(held: number, unseenByValue: ArrayLike<number>): number {
  let bad = 0;
  for (let m = held; m !== 0; m &= m - 1) bad += unseenByValue[31 - Math.clz32(m & -m)];
  return bad;
}

/** The chance that the next card busts: `duplicates` of `total` cards, 0 with a Second Chance held or nothing to draw. */
export function bustChance(duplicates: number, total: number, hasSecondChance: boolean): number {
  return hasSecondChance || total === 0 ? 0 : duplicates / total;
}
