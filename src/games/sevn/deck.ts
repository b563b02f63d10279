/**
 * The SEVN deck and discard pile: drawing, reshuffling, a fresh deck, and the seen counts strategies
 * read.
 *
 * Where the cards are: the deck is `deck[0, deckLen)`; a draw swaps a uniformly chosen card to
 * `deck[deckLen - 1]` and shortens the deck (partial Fisher-Yates), so no shuffle is ever needed.
 *
 * SevnEngine extends this class instead of holding one: drawing is the hottest path of a game, and on
 * the engine's own object each of these fields stays one load away, as it was before the split.
 *
 * Fields the constructor sets are `declare`d (here, in table.ts and view-buffer.ts): an ES2022 class
 * field without an initializer is first defined as undefined, and V8 then keeps no type for it, so
 * its optimised code re-checked a typed array's map at every use and a number field for a small
 * integer. Declared, the constructor's store is the first and V8 records the field's type
 * (valgrind, 4-player games: 104,072 -> 100,324 instructions a game; bench/README.md, eleventh pass).
 */
import { UserError } from '../../engine/errors.js';
import { raiseInliningBudget } from '../../engine/jit.js';
import { Rng } from '../../engine/rng.js';
import type { SevnCards } from './cards.js';
import { Ev, type SevnTracer } from './events.js';
import type { SevnRules } from './rules.js';

/** Slots past the last card in the deck's and the pile's arrays (never read: only written by clearTable). */
export const PILE_SLACK = 4;

/** Deck epochs handed out in this thread (see SevnDeck.epoch): never the same for two decks. */
let epochs = 0;

export class SevnDeck {
  declare readonly rules: SevnRules;
  declare readonly cards: SevnCards;
  /** Cards in the full deck. */
  declare readonly size: number;
  declare deck: Uint8Array;
  deckLen = 0;
  /**
   * True while undoing the draws since the last fresh deck (see drawnFrom) puts `deck` back in code
   * order: every draw since was logged (takeLogged or takeSlow), and no reshuffle, copy or rebuild.
   * A fresh deck then costs a swap per card drawn instead of a copy of the whole deck and a pass over
   * the seen counts. Whoever draws without logging clears it (SevnEngine.playRoundCore).
   */
  deckWhole = false;
  /**
   * Per deck position p: where the card drawn when the deck shrank to p came from (the draw swapped
   * deck[drawnFrom[p]] and deck[p]). Undone in reverse order, these swaps restore the deck's order.
   */
  declare private readonly drawnFrom: Uint8Array;
  declare discard: Uint8Array;
  discardLen = 0;
  /**
   * Per card code: copies drawn since the last reshuffle (cards on the table at a reshuffle count as
   * seen), so `cards.copies[c] - seen[c]` is exactly what the deck holds.
   */
  declare readonly seen: Uint8Array;
  /** `seen`'s bytes as doubles (see refillDeck). */
  declare private readonly seenWords: Float64Array;
  declare private stack: Uint8Array;
  stackLen = 0;
  stackPos = 0;
  /**
   * The deck's random stream, set for each round or game. A stream of its own until then, not null:
   * with null first V8 kept no type for the field and checked the stream's map at every draw.
   */
  rng: Rng = new Rng();
  /** Optional observer for traces and tests; null in simulations so it costs one comparison. */
  tracer: SevnTracer | null = null;
  /** Reshuffles in the current round (the engine zeroes it as a round starts): see reshuffle(). */
  roundReshuffles = 0;
  /**
   * Changes (to a value no other deck of this thread has had) whenever the seen counts change other
   * than by one draw: a fresh deck, a reshuffle, a copied or rebuilt deck, a loaded position. Within
   * an epoch, `deck[deckLen, epochTop)` are the cards drawn since it began, the latest at deckLen: a
   * draw moves its card to the end of the deck and writes nothing beyond it. Strategies that keep the
   * unseen cards from one decision to the next read them through the view (view.ts, deckEpoch).
   */
  epoch = 0;
  epochTop = 0;

  constructor(rules: SevnRules, cards: SevnCards) {
    raiseInliningBudget();
    this.rules = rules;
    this.cards = cards;
    this.size = cards.deck.length;
    // PILE_SLACK: room past the end for SevnTable.clearTable's fixed four cards a row (deck and pile swap).
    this.deck = new Uint8Array(this.size + PILE_SLACK);
    this.drawnFrom = new Uint8Array(this.size);
    this.discard = new Uint8Array(this.size + PILE_SLACK);
    this.stack = new Uint8Array(this.size);
    // The seen counts' bytes rounded up to whole doubles: a fresh deck zeroes them eight at a time.
    const words = new ArrayBuffer((cards.codes + 7) & ~7);
    this.seen = new Uint8Array(words, 0, cards.codes);
    this.seenWords = new Float64Array(words);
  }

  /** Test and trace hook: the next draws take these cards, in order (each must be in the deck). */
  stackDeck(codes: readonly number[]): void {
    if (codes.length > this.stack.length) this.stack = new Uint8Array(codes.length);
    for (let i = 0; i < codes.length; i++) this.stack[i] = codes[i];
    this.stackLen = codes.length;
    this.stackPos = 0;
  }

  /**
   * Takes over every card's place, the stacked draws and the seen counts of another deck of the same
   * rules (counterfactual replays, rollouts.ts). Copies contents: the arrays stay this deck's own.
   */
  copyDeck(o: SevnDeck): void {
    this.deck.set(o.deck);
    this.deckLen = o.deckLen;
    this.deckWhole = o.deckWhole;
    if (o.deckWhole) this.drawnFrom.set(o.drawnFrom);
    this.discard.set(o.discard);
    this.discardLen = o.discardLen;
    this.seen.set(o.seen);
    if (this.stack.length < o.stack.length) this.stack = new Uint8Array(o.stack.length);
    this.stack.set(o.stack);
    this.stackLen = o.stackLen;
    this.stackPos = o.stackPos;
    this.newEpoch();
  }

  /**
   * Forgets the deck's order: rebuilds it by card code from what it holds (`copies - seen`) and drops
   * any stacked draws, so that no later draw can depend on where the real cards lay.
   */
  forgetOrder(): void {
    const copies = this.cards.copies;
    const seen = this.seen;
    let d = 0;
    for (let c = 0; c < seen.length; c++) for (let k = copies[c] - seen[c]; k > 0; k--) this.deck[d++] = c;
    if (d !== this.deckLen) throw new Error(`internal: the seen counts leave ${d} cards for a deck of ${this.deckLen}`);
    this.deckWhole = false;
    this.stackLen = 0;
    this.stackPos = 0;
    this.newEpoch();
  }

  /** Starts a new epoch (see `epoch`): call after any change to the deck other than a draw. */
  newEpoch(): void {
    this.epoch = ++epochs;
    this.epochTop = this.deckLen;
  }

  get deckSize(): number {
    return this.deckLen;
  }
  get discardSize(): number {
    return this.discardLen;
  }

  /**
   * Every card back in the deck, in code order, an empty discard pile, nothing seen. Draws are uniform
   * from any order, but reproducible only from a known one: every fresh deck starts from code order
   * (without it, a worker's earlier games changed later ones).
   */
  protected refillDeck(): void {
    const deck = this.deck;
    const seen = this.seen;
    const size = this.size;
    if (this.deckWhole) {
      // The drawn cards are deck[deckLen, size) and exactly what seen counts: undo their draws.
      const from = this.drawnFrom;
      for (let p = this.deckLen; p < size; p++) {
        const c = deck[p];
        const j = from[p];
        seen[c] = 0;
        deck[p] = deck[j];
        deck[j] = c;
      }
    } else {
      deck.set(this.cards.deck);
      this.deckWhole = true;
      // A loop, not fill(): for arrays this small a fill() call costs more than the writes (measured).
      // Eight counts a store (a double's 0 is eight zero bytes): 4 iterations for SEVN's 31 codes.
      const words = this.seenWords;
      for (let w = 0; w < words.length; w++) words[w] = 0;
    }
    this.deckLen = size;
    this.discardLen = 0;
    this.newEpoch();
  }

  /** The discard pile becomes the deck; `seen` then counts the cards still out of the deck. */
  private reshuffle(): boolean {
    const n = this.discardLen;
    if (n === 0) return false;
    // A round that has gone through its discard pile as many times as the deck has cards is not going
    // to end (e.g. every number is a 0 and Second Chance discards each duplicate): maxRounds bounds
    // rounds, this bounds the draws of one.
    if (++this.roundReshuffles > this.size) {
      throw new UserError(`a SEVN round did not end after ${this.size} reshuffles of its discard pile (one per card of the ${this.size}-card deck): with these rules every drawn card goes back to the pile and nobody busts or fills a row; check the deck in the rules file`);
    }
    // The deck is empty: the two arrays swap roles instead of copying the pile (same order, so the
    // same draws as a copy; the copy was a third of the once-a-game reshuffle).
    const deck = this.discard;
    this.discard = this.deck;
    this.deck = deck;
    this.countOffDeck(deck, n);
    this.deckLen = n;
    this.discardLen = 0;
    this.deckWhole = false;
    this.newEpoch();
    if (this.tracer !== null) this.tracer.event(Ev.RESHUFFLE, -1, n, 0);
    return true;
  }

  /**
   * At a reshuffle: `seen` becomes the count of every card out of the new deck (`deck[0, n)`, the old
   * pile): every copy less the pile's. The engine's table overrides this with a cheaper count of the
   * few cards on the table (table.ts).
   */
  protected countOffDeck(deck: Uint8Array, n: number): void {
    const seen = this.seen;
    const copies = this.cards.copies;
    for (let c = 0; c < seen.length; c++) seen[c] = copies[c];
    for (let i = 0; i < n; i++) seen[deck[i]]--;
  }

  /** Draws one card, or returns -1 when the deck and the discard pile are both empty. */
  protected take(): number {
    // The common case kept small enough for V8 to inline into drawFor; the rest in takeSlow.
    let n = this.deckLen;
    // `| 0`: the slow path's result as an int32 too, so that the caller's card is one (not a tagged
    // value checked for a small integer at every draw).
    if (n === 0 || this.stackPos < this.stackLen) return this.takeSlow() | 0;
    const deck = this.deck;
    const j = this.rng.below(n);
    const c = deck[j];
    deck[j] = deck[--n];
    deck[n] = c;
    this.deckLen = n;
    this.seen[c]++;
    return c;
  }

  /**
   * take(), and the draw logged in drawnFrom for the next fresh deck to undo (SevnEngine's number-only
   * rounds: a round draws about 5 of the 79 cards, and undoing them is cheaper than copying the deck).
   * The general path does not log: a store per draw cost more than it saved in 4-player games
   * (valgrind: +3,200 instructions a game), which reshuffle their deck anyway.
   */
  takeLogged(): number {
    let n = this.deckLen;
    if (n === 0 || this.stackPos < this.stackLen) return this.takeSlow();
    const deck = this.deck;
    const j = this.rng.below(n);
    const c = deck[j];
    deck[j] = deck[--n];
    deck[n] = c;
    this.drawnFrom[n] = j;
    this.deckLen = n;
    this.seen[c]++;
    return c;
  }

  private takeSlow(): number {
    if (this.deckLen === 0 && !this.reshuffle()) return -1;
    const deck = this.deck;
    let j: number;
    if (this.stackPos < this.stackLen) j = this.findInDeck(this.stack[this.stackPos++]);
    else j = this.rng.below(this.deckLen);
    const c = deck[j];
    const last = --this.deckLen;
    deck[j] = deck[last];
    deck[last] = c;
    this.drawnFrom[last] = j;
    this.seen[c]++;
    return c;
  }

  private findInDeck(code: number): number {
    for (let i = 0; i < this.deckLen; i++) if (this.deck[i] === code) return i;
    throw new Error(`stacked card ${this.cards.name(code)} is not in the deck`);
  }
}
