/**
 * A lower bound on the decision states the last-seat recursion (last-seat.ts) memoises from a position,
 * that position included (it is not memoised itself), so that a position past the state cap is refused
 * before the recursion runs to the cap. Every combination of cards that can be drawn one a turn without
 * ending the round is a decision state of its own (its deck differs), and the recursion values drawing
 * at every decision: so the combinations of the deck's number values not held (one card each) and kept
 * Ballast cards, fewer than a SEVN in all, times each Ballast card left, kept or discarded, times any
 * count of each modifier, bonus card and Second Chance left (past the one held, a Second Chance is
 * discarded). When the whole deck can be drawn that way (or is empty), the same count over the discard
 * pile it is then reshuffled into. Actions, which draw more or end the round, are left out.
 */
import { Kind, type SevnCards } from './cards.js';

/** The bound for a row holding the number values of `mask` (`distinct` scoring values, `sc` 1 with a Second Chance). */
export function leastStates(cards: SevnCards, sevnDistinct: number, deck: ArrayLike<number>, discard: ArrayLike<number>, mask: number, distinct: number, sc: number): number {
  const before = combinations(cards, sevnDistinct, deck, mask, distinct);
  // Draw the whole deck along one path of simple cards, if there is one; then the reshuffled pile.
  const pile = Int32Array.from(discard);
  for (let c = 0; c < cards.codes; c++) {
    const n = deck[c];
    if (n === 0) continue;
    switch (cards.kind[c]) {
      case Kind.NUMBER:
        if (n > 1 || (mask >>> cards.value[c]) & 1 || ++distinct >= sevnDistinct) return before;
        mask |= 1 << cards.value[c];
        break;
      case Kind.BALLAST: pile[c] += n; break; // discarded
      case Kind.SECOND_CHANCE: pile[c] += n - 1 + sc; sc = 1; break; // the first one kept unless one is held
      case Kind.MULTIPLY: case Kind.ADD: case Kind.FEATHERWEIGHT: case Kind.HEAVYWEIGHT: case Kind.LADDER: break;
      default: return before; // an action
    }
  }
  const after = combinations(cards, sevnDistinct, pile, mask, distinct);
  return after > before ? after : before;
}

/** The count over the cards of `pile` for a row holding `mask` (`distinct` scoring values). */
function combinations(cards: SevnCards, sevnDistinct: number, pile: ArrayLike<number>, mask: number, distinct: number): number {
  const room = sevnDistinct - 1 - distinct; // distinct values that may still join
  if (room < 0) return 1;
  const poly = new Float64Array(room + 1); // poly[m]: ways to add m distinct values
  poly[0] = 1;
  let other = 1;
  for (let c = 0; c < cards.codes; c++) {
    const n = pile[c];
    if (n === 0) continue;
    const k = cards.kind[c];
    let stay = 1; // ways that add no distinct value, and ways that add one
    let join = 0;
    if (k === Kind.NUMBER) {
      if ((mask >>> cards.value[c]) & 1) continue;
      join = 1;
    } else if (k === Kind.BALLAST) {
      stay = 2; // a Ballast value is one card: left or discarded, or kept
      join = 1;
    } else if (k === Kind.MULTIPLY || k === Kind.ADD || k === Kind.SECOND_CHANCE || k === Kind.FEATHERWEIGHT || k === Kind.HEAVYWEIGHT || k === Kind.LADDER) {
      other *= n + 1;
      continue;
    } else continue;
    for (let m = room; m >= 0; m--) poly[m] = poly[m] * stay + (m > 0 ? poly[m - 1] * join : 0);
  }
  let sets = 0;
  for (let m = 0; m <= room; m++) sets += poly[m];
  return sets * other;
}
