/**
 * The table's shortcuts, worked by hand: the round's start zeroing the seats' counters two at a time,
 * a stay-at seat's score without the busted case, and the end of a round's fixed four-card copy of
 * each row to the discard pile.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { Seat } from '../../src/games/sevn/seats.js';
import { Status } from '../../src/games/sevn/view.js';
import { scripted } from './helpers.js';

const fields = (e: SevnEngine, s: number): Record<string, number> => {
  const st = e.seats;
  const b = s << Seat.SHIFT;
  return {
    status: st[b | Seat.STATUS],
    mask: st[b | Seat.MASK],
    sum: st[b | Seat.SUM],
    distinct: st[b | Seat.DISTINCT],
    nonLow: st[b | Seat.NONLOW],
    mult: st[b | Seat.MULT],
    plus: st[b | Seat.PLUS],
    bonus: st[b | Seat.BONUS],
    sc: st[b | Seat.SC],
    sevnAt: st[b | Seat.SEVNAT],
    extra: st[b | Seat.EXTRA],
    rowLen: st[b | Seat.ROWLEN],
    rowBase: st[b | Seat.ROWBASE],
  };
};

describe('a round starts every seat from zeroed counters', () => {
  it('whatever the last round left in them', () => {
    const e = new SevnEngine(sevnPreset('sevn'));
    const players = [0, 1, 2, 3].map((s) => scripted(`p${s}`));
    e.setup(players, new Rng('t'));
    // Junk in every field but the row's start (fixed) of the four seats.
    for (let s = 0; s < 4; s++) for (let f = 0; f < Seat.SIZE; f++) if (f !== Seat.ROWBASE) e.seats[(s << Seat.SHIFT) | f] = 7;
    // Dealer 0: the deal goes to seats 1, 2, 3, 0; everyone stays at once.
    e.stackDeck(['5', '6', '7', '8'].map((n) => e.cards.code(n)));
    e.playRound(players, new Rng('t'));
    const dealt = [8, 5, 6, 7];
    for (let s = 0; s < 4; s++) {
      const v = dealt[s];
      expect(fields(e, s)).toEqual({ status: Status.STAYED, mask: 1 << v, sum: v, distinct: 1, nonLow: 0, mult: 1, plus: 0, bonus: 0, sc: 0, sevnAt: 0, extra: 0, rowLen: 1, rowBase: s * e.stride });
    }
    expect(Array.from(e.roundScore.subarray(0, 4))).toEqual(dealt);
  });
});

describe('activeScore', () => {
  it('is sum x multiplier + plus + extra, and 0 below 0', () => {
    const e = new SevnEngine(sevnPreset('sevn'));
    const st = e.seats;
    const b = 2 << Seat.SHIFT;
    st[b | Seat.SUM] = 10;
    st[b | Seat.MULT] = 2;
    st[b | Seat.PLUS] = 4;
    st[b | Seat.EXTRA] = 3;
    expect(e.activeScore(b)).toBe(27); // 10 x 2 + 4 + 3
    st[b | Seat.SUM] = -6; // Ballast -1, -2 and -3
    st[b | Seat.PLUS] = 0;
    st[b | Seat.EXTRA] = 0;
    expect(e.activeScore(b)).toBe(0); // -12, clamped
    st[b | Seat.PLUS] = 15;
    expect(e.activeScore(b)).toBe(3); // -12 + 15
  });
});

describe('the end of a round moves the table to the discard pile', () => {
  it('rows of 0, 1, 4 and 6 cards in seat order, then the waiting actions', () => {
    const e = new SevnEngine(sevnPreset('sevn'));
    e.setup([0, 1, 2, 3].map((s) => scripted(`p${s}`)), new Rng('t'));
    const code = (n: string): number => e.cards.code(n);
    const rows: string[][] = [[], ['3'], ['1', '2', 'x2', '4'], ['5', '6', '+4', '7', 'Ladder', '9']];
    for (let s = 0; s < 4; s++) {
      rows[s].forEach((n, i) => (e.rows[s * e.stride + i] = code(n)));
      e.seats[(s << Seat.SHIFT) | Seat.ROWLEN] = rows[s].length;
    }
    // Stale cards past seat 0's and seat 1's rows: never copied as cards.
    e.rows[0] = code('13');
    e.rows[e.stride + 1] = code('12');
    e.discard[0] = code('10');
    e.discard[1] = code('11');
    e.discardLen = 2;
    // Two actions waiting, the queue wrapping around the end of its ring.
    e.qHead = e.size - 1;
    e.qLen = 2;
    e.qCard[e.size - 1] = code('Freeze');
    e.qCard[0] = code('Storm');
    (e as unknown as { clearTable(): void }).clearTable();
    const pile = Array.from(e.discard.subarray(0, e.discardLen), (c) => e.cards.name(c));
    expect(pile).toEqual(['10', '11', '3', '1', '2', 'x2', '4', '5', '6', '+4', '7', 'Ladder', '9', 'Freeze', 'Storm']);
    expect([0, 1, 2, 3].map((s) => e.seats[(s << Seat.SHIFT) | Seat.ROWLEN])).toEqual([0, 0, 0, 0]);
    expect(e.qLen).toBe(0);
  });
});
