/**
 * SEVN rounds on a deck of number cards only (SevnTable.numbersKernel), with no tracer: the general
 * deal and turns of engine.ts draw for draw and question for question (the same stream draws in the
 * same order, the same questions), less what such a deck cannot hold: actions and their queue, Second
 * Chance, modifiers and bonus cards. So a duplicate always busts, and an active seat's round score is
 * its sum (the SEVN bonus comes with the SEVN, which ends the round). Draws are logged
 * (SevnDeck.takeLogged) so that the next fresh deck undoes them instead of copying the deck.
 * test/sevn/numbers-kernel.test.ts plays every game both ways and compares them.
 */
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
