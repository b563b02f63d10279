/**
 * The hidden-information sampler: an engine set up from what one seat can see at a draw-or-stay
 * decision, with the unseen cards reshuffled. It reads only the seat's view (rows, statuses, totals,
 * the dealer and round, the cards seen since the last reshuffle, the deck and discard sizes), never
 * the real deck's order or contents beyond what the view implies:
 * - the deck holds exactly the full deck minus the cards seen (the view's guarantee), in no order:
 *   the engine draws uniformly from it with the caller's random stream, which is a fresh shuffle;
 * - the discard pile holds the cards seen that are not on the table (at a turn nothing is in hand
 *   or waiting in the queue), again in no order: it only matters once reshuffled.
 * Used by the `rollout` strategy, and for game-mode counterfactuals and advice.
 */
import type { Rng } from '../../engine/rng.js';
import type { SevnCards } from './cards.js';
import { SevnEngine } from './engine.js';
import { type SevnPosition, loadPosition } from './positions.js';
import type { SevnRules } from './rules.js';
import { MAX_PLAYERS } from './seats.js';
import { Decision, type SevnPlayer, type SevnView } from './view.js';

export class HiddenInfoSampler {
  readonly engine: SevnEngine;
  /** The captured position (typed arrays made once: capture allocates nothing). */
  readonly position: SevnPosition & { totals: Int32Array; status: Uint8Array; rows: Uint8Array; rowLengths: Uint8Array; deck: Int32Array; discard: Int32Array };
  /** The seat whose view was captured. */
  seat = 0;

  constructor(rules: SevnRules, cards?: SevnCards) {
    this.engine = new SevnEngine(rules, cards);
    const codes = this.engine.cards.codes;
    this.position = {
      players: 0,
      dealer: 0,
      round: 0,
      totals: new Int32Array(MAX_PLAYERS),
      status: new Uint8Array(MAX_PLAYERS),
      rows: new Uint8Array(this.engine.rows.length),
      rowLengths: new Uint8Array(MAX_PLAYERS),
      rowStride: this.engine.stride,
      deck: new Int32Array(codes),
      discard: new Int32Array(codes),
    };
  }

  /** Captures the position a seat's view shows at its draw-or-stay decision. */
  capture(v: SevnView): void {
    if (v.decision !== Decision.DRAW_STAY) throw new Error('the hidden-information sampler captures draw-or-stay decisions only (other decisions have cards in hand)');
    const p = this.position;
    const cards = this.engine.cards;
    if (v.cards.codes !== cards.codes || v.cards.deck.length !== cards.deck.length) throw new Error('the view comes from other rules');
    p.players = v.players;
    p.dealer = v.dealer;
    p.round = v.round;
    this.seat = v.seat;
    const seen = v.seen;
    const rows = v.rows;
    let deck = 0;
    for (let c = 0; c < cards.codes; c++) {
      p.deck[c] = cards.copies[c] - seen[c];
      p.discard[c] = seen[c];
      deck += p.deck[c];
    }
    for (let s = 0; s < v.players; s++) {
      p.totals[s] = v.totals[s];
      p.status[s] = v.status[s];
      const len = v.rowLengths[s];
      p.rowLengths[s] = len;
      for (let i = 0, o = s * v.rowStride, to = s * p.rowStride; i < len; i++) {
        const c = rows[o + i];
        p.rows[to + i] = c;
        p.discard[c]--; // on the table, not in the pile
      }
    }
    let discard = 0;
    for (let c = 0; c < cards.codes; c++) discard += p.discard[c];
    if (deck !== v.deckSize || discard !== v.discardSize) {
      throw new Error(`view inconsistent: ${deck} unseen cards for a deck of ${v.deckSize}, ${discard} seen off the table for a discard pile of ${v.discardSize}`);
    }
  }

  /** Sets the engine to the captured position; `rng` draws its (unseen, unordered) cards. */
  load(players: readonly SevnPlayer[], rng: Rng): SevnEngine {
    loadPosition(this.engine, players, rng, this.position);
    return this.engine;
  }
}
