/**
 * `exact=last` for `ev` and `race`: at a draw-or-stay decision where nobody else is in the round, the
 * answer of the exact last-seat recursion (src/games/sevn/last-seat.ts) over the cards the view lets it
 * count (the deck is the unseen cards, the discard pile the seen cards off the table). `ev` maximises
 * the expected round score; `race` the win chance when this round decides the game (the others' totals
 * are final), else the expected round score too. Past BOT_MAX_STATES states the bot answers by its own
 * rule. Consecutive decisions of one round keep the memo (the other rows and the utility do not change).
 */
import { oneOf } from '../../src/engine/params.js';
import { decidingWinShares, LastSeatCapError, LastSeatSolver, objectiveUtility } from '../../src/games/sevn/last-seat.js';
import type { SevnCards } from '../../src/games/sevn/cards.js';
import type { SevnRules } from '../../src/games/sevn/rules.js';
import { Answer, Status, type SevnView } from '../../src/games/sevn/view.js';

/** `exact`, declared for `defineParams({ ..., ...LAST_SEAT })`. */
export const LAST_SEAT = {
  exact: oneOf(['off', 'last'], 'off', 'last: play draw-or-stay exactly when nobody else is in the round (the last-seat recursion)'),
};

/** The recursion's state cap for a bot's decision (a few tenths of a second at most); past it the bot answers by its own rule. */
export const BOT_MAX_STATES = 20_000;

export class LastSeatPlay {
  private readonly solver: LastSeatSolver;
  private readonly ev: Float64Array;
  private readonly deck: Int32Array;
  private readonly discard: Int32Array;
  private readonly others: Int32Array;
  private readonly lastOthers: Int32Array;
  private readonly row: number[] = [];
  private lastUtility: Float64Array | null = null;
  private readonly winRules: SevnRules;

  /**
   * `forWin`: the win chance when this round decides the game, else the expected round score;
   * `decidingOnly` (with forWin): no answer (-1) when the round does not decide the game; a tied lead
   * that plays on is valued as an equal share of the win (with the default rules almost no round
   * decides the game otherwise: some round score ties the leader).
   */
  constructor(rules: Readonly<SevnRules>, private readonly cards: SevnCards, private readonly forWin: boolean, private readonly decidingOnly = false, maxStates = BOT_MAX_STATES) {
    this.solver = new LastSeatSolver(rules as SevnRules, cards, maxStates);
    this.winRules = decidingOnly ? { ...(rules as SevnRules), tiedLead: 'shared' } : (rules as SevnRules);
    this.ev = objectiveUtility(rules as SevnRules, { kind: 'ev' });
    this.deck = new Int32Array(cards.codes);
    this.discard = new Int32Array(cards.codes);
    this.others = new Int32Array(cards.codes);
    this.lastOthers = new Int32Array(cards.codes).fill(-1);
  }

  /** Answer.DRAW or Answer.STAY at the last seat in, or -1 (others in, past the cap, or not deciding with decidingOnly). */
  answer(v: SevnView): number {
    const me = v.seat;
    const status = v.status;
    for (let s = 0; s < v.players; s++) if (s !== me && status[s] === Status.ACTIVE) return -1;
    const cards = this.cards;
    const rows = v.rows;
    this.others.fill(0);
    this.row.length = 0;
    for (let s = 0; s < v.players; s++) {
      for (let i = 0; i < v.rowLengths[s]; i++) {
        const c = rows[s * v.rowStride + i];
        if (s === me) this.row.push(c);
        else this.others[c]++;
      }
    }
    const seen = v.seen;
    for (let c = 0; c < cards.codes; c++) {
      this.deck[c] = cards.copies[c] - seen[c];
      this.discard[c] = seen[c] - this.others[c];
    }
    for (const c of this.row) this.discard[c]--;
    let u = this.ev;
    if (this.forWin && v.players > 1) {
      // Seat 0 of the utility is this seat: its total first, then the others' finals.
      const totals = [v.totals[me]];
      const finals = [0];
      for (let k = 1; k < v.players; k++) {
        const s = (me + k) % v.players;
        totals.push(v.totals[s]);
        finals.push(v.totals[s] + (status[s] === Status.BUSTED ? 0 : v.roundPoints[s]));
      }
      const shares = decidingWinShares(this.winRules, totals, finals);
      if (shares !== null) u = shares;
    }
    if (this.decidingOnly && u === this.ev) return -1;
    let same = u === this.lastUtility; // a win utility is a new table each time: the memo is cleared then
    for (let c = 0; c < cards.codes && same; c++) if (this.others[c] !== this.lastOthers[c]) same = false;
    this.lastOthers.set(this.others);
    this.lastUtility = u;
    try {
      this.solver.load({ deck: this.deck, discard: this.discard, row: this.row }, u, same);
      return this.solver.drawValue() > this.solver.stayValue() ? Answer.DRAW : Answer.STAY;
    } catch (e) {
      if (e instanceof LastSeatCapError) return -1;
      throw e;
    }
  }
}
