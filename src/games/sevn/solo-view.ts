/**
 * What a strategy sees at a decision of the exact solo pass (solo-pass.ts): the view the engine would
 * build for a lone player (view.ts), from the pass's counts per card code. The row lists its cards in
 * code order rather than in the order drawn; everything else is what the engine shows.
 */
import { Kind, type SevnCards } from './cards.js';
import type { SevnRules } from './rules.js';
import { Decision, type SevnView } from './view.js';

export class SoloView implements SevnView {
  decision: number = Decision.DRAW_STAY;
  readonly seat = 0;
  readonly players = 1;
  readonly dealer = 0;
  readonly round = 0;
  readonly candidates = 1;
  card = 0;
  optionA = 0;
  optionB = 0;
  points = 0;
  distinct = 0;
  held = 0;
  hasSecondChance = false;
  deckSize = 0;
  discardSize = 0;
  readonly status = new Int32Array(1);
  readonly totals = new Int32Array(1);
  readonly roundPoints = new Int32Array(1);
  readonly distincts = new Int32Array(1);
  readonly heldMasks = new Int32Array(1);
  readonly secondChances = new Int32Array(1);
  readonly rowLengths = new Int32Array(1);
  readonly rows: Int32Array;
  readonly rowStride: number;
  readonly seen: Int32Array;

  constructor(readonly rules: Readonly<SevnRules>, readonly cards: SevnCards) {
    this.rowStride = cards.deck.length;
    this.rows = new Int32Array(cards.deck.length);
    this.seen = new Int32Array(cards.codes);
  }

  statusOf(seat: number): number {
    return this.status[seat];
  }
  totalOf(seat: number): number {
    return this.totals[seat];
  }
  roundPointsOf(seat: number): number {
    return this.roundPoints[seat];
  }
  rowLength(seat: number): number {
    return this.rowLengths[seat];
  }
  rowCard(seat: number, i: number): number {
    return this.rows[seat * this.rowStride + i];
  }
  seenOf(code: number): number {
    return this.seen[code];
  }

  /**
   * The row (`row[c]` copies of code c; a held Second Chance included), the deck (`deck[c]`), and
   * `inHand` cards drawn but not yet in the row or the discard pile (the card decided on).
   */
  load(decision: number, row: Int32Array, deck: Int32Array, points: number, held: number, distinct: number, inHand: number): void {
    const cards = this.cards;
    let len = 0;
    let total = 0;
    let sc = 0;
    for (let c = 0; c < cards.codes; c++) {
      this.seen[c] = cards.copies[c] - deck[c];
      total += deck[c];
      for (let k = 0; k < row[c]; k++) this.rows[len++] = c;
      if (cards.kind[c] === Kind.SECOND_CHANCE) sc = row[c];
    }
    this.decision = decision;
    this.points = points;
    this.distinct = distinct;
    this.held = held;
    this.hasSecondChance = sc > 0;
    this.deckSize = total;
    this.discardSize = cards.deck.length - total - len - inHand;
    this.roundPoints[0] = points;
    this.distincts[0] = distinct;
    this.heldMasks[0] = held;
    this.secondChances[0] = sc;
    this.rowLengths[0] = len;
  }
}
