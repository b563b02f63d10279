/**
 * SEVN rounds on a deck of number cards only (SevnTable.numbersKernel), with no tracer: the general
 * deal and turns of engine.ts draw for draw and question for question (the same stream draws in the
 * same order, the same questions), less what such a deck cannot hold: actions and their queue, Second
 * Chance, modifiers and bonus cards. So a duplicate always busts, and an active seat's round score is
 * its sum (the SEVN bonus comes with the SEVN, which ends the round). Draws are logged
 * (SevnDeck.takeLogged) so that the next fresh deck undoes them instead of copying the deck.
 * test/sevn/numbers-kernel.test.ts plays every game both ways and compares them.
 */
import type { Rng } from '../../engine/rng.js';
import { observeDecision } from './buckets.js';
import type { SevnEngine } from './engine.js';
import { Seat } from './seats.js';
import { Answer, Decision, Status } from './view.js';

/** The deal and the turns of a round (SevnEngine.playRoundCore has set the seats up). */
export function playNumbers(e: SevnEngine): void {
  const n = e.n;
  const st = e.seats;
  const v = e.view;
  const players = e.players;
  const bits = e.numberBit;
  const rows = e.rows;
  const sevnDistinct = e.sevnDistinct;
  // The deal (one card to each seat, clockwise from the left of the dealer) and then the turns from
  // the same seat, as one loop whose first n visits draw without a question: in the deal every seat
  // is active until the round ends (a first card cannot bust).
  let s = e.dealer + 1 === n ? 0 : e.dealer + 1;
  let deal = n;
  while (!e.ended && e.active > 0) {
    const b = s << Seat.SHIFT;
    if (st[b + Seat.STATUS] === Status.ACTIVE) {
      let draw = true;
      if (deal > 0) deal--;
      else {
        // SevnEngine.askDraw, the points read straight from the sum (what scoreSeat gives here).
        v.stamp = (v.stamp + 1) & 0x3fffffff || 1;
        v.decision = Decision.DRAW_STAY;
        v.seat = s;
        v.points = st[b + Seat.SUM];
        const a = players[s].drawOrStay(v);
        if (a !== Answer.DRAW && a !== Answer.STAY) e.illegal(s, 'draw-or-stay answer', a, '1 (draw) or 0 (stay)');
        if (e.decisions !== null || e.evaluator !== null) observeDecision(e, s, Decision.DRAW_STAY, a, 0, 0, a);
        if (a === Answer.STAY) {
          st[b + Seat.STATUS] = Status.STAYED;
          e.active--;
          draw = false;
        }
      }
      if (draw) {
        const c = e.takeLogged();
        if (c < 0) {
          // Deck and discard pile both empty (SevnEngine.exhausted).
          for (let t = 0; t < n; t++) if (st[(t << Seat.SHIFT) + Seat.STATUS] === Status.ACTIVE) st[(t << Seat.SHIFT) + Seat.STATUS] = Status.STAYED;
          e.active = 0;
          e.ended = true;
        } else {
          // SevnEngine.number: the card joins the row, a duplicate too (which busts: no Second Chance here).
          const bit = bits[c];
          const mask = st[b + Seat.MASK];
          rows[st[b + Seat.ROWBASE] + st[b + Seat.ROWLEN]++] = c;
          if ((mask & bit) !== 0) {
            st[b + Seat.STATUS] = Status.BUSTED;
            e.active--;
            e.bustCount[s]++;
          } else {
            st[b + Seat.MASK] = mask | bit;
            st[b + Seat.SUM] += 31 - Math.clz32(bit);
            if (++st[b + Seat.DISTINCT] === sevnDistinct) {
              // SevnEngine.sevn
              st[b + Seat.SEVNAT] = 1;
              st[b + Seat.EXTRA] += e.sevnBonus;
              e.sevnSeat = s;
              e.ended = true;
            }
          }
        }
      }
    }
    s = s + 1 === n ? 0 : s + 1;
  }
}

/** Held masks the solo table covers: values 0..15 (2^16 one-byte entries). */
const SOLO_MASKS = 1 << 16;
/** SoloTable.draws' entries (a const enum: tsc writes the numbers in). */
const enum Asked {
  STAY = 0,
  DRAW = 1,
  NOT_YET = 2,
}

/**
 * Solo rounds (round mode, one seat) of a number-only deck whose strategy declares a solo draw rule
 * (SevnStrategyDef.soloDrawRule): there its answer is a function of the held values alone, so it is
 * asked once per held mask, into a table, and the round is a loop over locals: the draws of
 * playNumbers from the same stream in the same order, the question a table lookup. No view, no seat
 * counters, no strategy call. The runner plays a round here only with no decision sink, evaluator,
 * tracer or stacked draws (SevnRunner.playOne, and playRange for a block of games with their deck
 * seeding in the same loop); test/sevn/solo-table.test.ts plays every round both ways and compares
 * them, test/engine/play-range.test.ts every block.
 *
 * The round leaves the deck as playNumbers would (the same cards in the same places, deckLen) but
 * not the seen counts, so it clears deckWhole (the general path's next fresh deck then copies the deck
 * and zeroes them) and logs its draws in its own `from`, undone by its next round (`pending`).
 */
export class SoloTable {
  /**
   * Per held mask: DRAW or STAY once asked, NOT_YET before (the rule is asked the first time a round
   * reaches the mask: a runner is built per tune candidate, and asking all 2^16 masks up front cost
   * 3 to 7 ms a runner, against 0.1 to 0.7 ms for the rest of it).
   */
  private readonly draws: Uint8Array;
  /** Per deck position p: where the card drawn when the deck shrank to p came from (SevnDeck.drawnFrom). */
  private readonly from: Uint8Array;
  /** The deck holds this table's draws from deck[top, size) since its last fresh deck. */
  pending = false;
  private top = 0;
  /** The last round of play()'s score and bust (0 or 1). */
  score = 0;
  bust = 0;

  private constructor(
    e: SevnEngine,
    private readonly rule: (held: number) => boolean,
    masks: number,
  ) {
    this.draws = new Uint8Array(masks).fill(Asked.NOT_YET);
    this.from = new Uint8Array(e.size);
  }

  /** The table for these rules and a solo rule, or null when the deck is not number-only, holds a value above 15 or 2^16 cards. */
  static of(e: SevnEngine, rule: ((held: number) => boolean) | null): SoloTable | null {
    if (rule === null || !e.numbersKernel || e.size >= 0x10000) return null;
    let top = 1; // the highest value's bit
    for (let c = 0; c < e.cards.codes; c++) if (e.cards.copies[c] > 0) top = Math.max(top, e.numberBit[c]);
    return top < SOLO_MASKS ? new SoloTable(e, rule, top * 2) : null;
  }

  /** Whether the strategy draws holding these values (the rule's answer, kept). */
  drawsOn(held: number): boolean {
    return this.ask(held) === Asked.DRAW;
  }

  private ask(held: number): number {
    const a = this.rule(held) ? Asked.DRAW : Asked.STAY;
    this.draws[held] = a;
    return a;
  }

  /** One solo round from a fresh deck drawn with `rng` (the deck's stream, reseeded for the game): into `score` and `bust`. */
  play(e: SevnEngine, rng: Rng): void {
    this.playGames(e, rng, null, 0, 1, this.oneScore, this.oneBust);
    this.score = this.oneScore[0];
    this.bust = this.oneBust[0];
  }

  private readonly oneScore = new Int32Array(1);
  private readonly oneBust = new Int32Array(1);

  /**
   * Solo rounds from fresh decks, game g's score and bust (0 or 1) at [g - start] of `scores` and
   * `busts`. With `words`, game g's deck stream is words[4 (g - start), + 4) (Rng.seedGames: the
   * stream the runner's reseedGame gives it; the strategy's stream is not reseeded: the table's rounds
   * never ask the strategy); without, one round from `rng` as it stands (start 0, end 1). `rng` is
   * left where the last round's draws left it.
   */
  playGames(e: SevnEngine, rng: Rng, words: Int32Array | null, start: number, end: number, scores: Int32Array, busts: Int32Array): void {
    const deck = e.deck;
    const from = this.from;
    const size = e.size;
    const draws = this.draws;
    const bits = e.numberBit;
    const sevnDistinct = e.sevnDistinct;
    const sevnBonus = e.sevnBonus;
    // Where the last round's draws start: a fresh deck undoes them (SevnDeck.refillDeck), or copies
    // the deck in code order.
    let top = this.top;
    if (!this.pending) {
      deck.set(e.cards.deck);
      top = size;
    }
    // The stream's state in locals for each round (each draw is Rng.below(n), written out below).
    let a = rng.a;
    let b = rng.b;
    let c = rng.c;
    let d = rng.d;
    let n = size;
    for (let g = start; g < end; g++) {
      for (let p = top; p < size; p++) {
        const card = deck[p];
        const j = from[p];
        deck[p] = deck[j];
        deck[j] = card;
      }
      if (words !== null) {
        const w = (g - start) << 2;
        a = words[w];
        b = words[w + 1];
        c = words[w + 2];
        d = words[w + 3];
      }
      n = size;
      let mask = 0;
      let sum = 0;
      let distinct = 0;
      let bust = 0;
      let bonus = 0;
      // The deal's card, then a card for every draw answer; a stay, a bust, a SEVN or an empty deck ends it.
      for (;;) {
        if (n === 0) break; // deck and discard pile both empty: as if it stayed
        // Rng.below(n): Tyche-i steps (Rng.next) until x * n mod 2^32 is not below 2^32 mod n (only
        // ever when that is < n: the sign flips make the signed comparison unsigned), then the high
        // word of x * n (highWord; n < 2^16 here).
        let x: number;
        let low: number;
        do {
          b = (b << 25) ^ (b >>> 7) ^ c;
          c = (c - d) | 0;
          d = (d << 24) ^ (d >>> 8) ^ a;
          a = (a - b) | 0;
          b = (b << 20) ^ (b >>> 12) ^ c;
          c = (c - d) | 0;
          d = (d << 16) ^ (c >>> 16) ^ a;
          a = (a - b) | 0;
          x = a;
          low = Math.imul(x, n);
          // (literals, not module constants: each of those is a context load and a hole check)
        } while ((low ^ -0x80000000) < (n ^ -0x80000000) && low >>> 0 < (4294967296 - n) % n);
        const j = ((Math.imul(x >>> 16, n) + (Math.imul(x & 0xffff, n) >>> 16)) | 0) >>> 16;
        const card = deck[j];
        n = (n - 1) | 0;
        deck[j] = deck[n];
        deck[n] = card;
        from[n] = j;
        const bit = bits[card];
        if ((mask & bit) !== 0) {
          bust = 1;
          break;
        }
        mask |= bit;
        sum = (sum + 31 - Math.clz32(bit)) | 0;
        distinct = (distinct + 1) | 0;
        if (distinct === sevnDistinct) {
          bonus = sevnBonus;
          break;
        }
        const answer = draws[mask];
        if (answer !== Asked.DRAW && (answer === Asked.STAY || this.ask(mask) === Asked.STAY)) break;
      }
      top = n;
      const t = sum + bonus;
      scores[g - start] = bust === 1 || t < 0 ? 0 : t;
      busts[g - start] = bust;
    }
    rng.a = a;
    rng.b = b;
    rng.c = c;
    rng.d = d;
    e.deckLen = n;
    e.deckWhole = false;
    this.top = top;
    this.pending = true;
  }
}
