/**
 * ev's first check with a margin below 0 (card-counts.ts drawsSurely, marginBound): a numbers' bound
 * b < 0 settles a draw only when b x (1 + Storms / T) x (1 + Crossroads / (T - 1)) / T is above the
 * margin, worked out by hand on one position. Seat 0 holds a 10 (10 points), seat 1 is in the round,
 * and the unseen cards are a 10, a 2, a Storm and a Crossroads (T = 4; every other card discarded):
 * - numbers: the 2 adds 2, the 10 busts (-10): b = -8, the sum before the Storm;
 * - the Storm is worth the mean, -8 / 4 = -2: the sum becomes -10;
 * - the Crossroads, the better of two of the other three (-10, +2, -2): (2 - 2 + 2) / 3 = 2/3;
 * - gain (-10 + 2/3) / 4 = -7/3; the bound -8 x 5/4 x 4/3 / 4 = -10/3 (b / T alone would be -2).
 */
import { describe, expect, it } from 'vitest';
import { SevnCards } from '../../src/games/sevn/cards.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { Answer, RowCounter, type SevnView } from '../../src/games/sevn/view.js';
import { NextCard } from '../../strategies/sevn/next-card.js';
import { bot, situation } from './views.js';

let epochs = 1_000_000;

/** The position above, as a view with the optional members drawsSurely reads (counters written by hand, a deck of its own). */
function position(): SevnView {
  const cards = new SevnCards(sevnPreset('sevn'));
  const rows = [['10'], ['9']];
  const left = new Map<number, number>();
  for (const name of [...rows.flat(), '10', '2', 'Storm', 'Crossroads']) left.set(cards.code(name), (left.get(cards.code(name)) ?? 0) + 1);
  const discarded: string[] = [];
  for (let c = 0; c < cards.codes; c++) for (let k = left.get(c) ?? 0; k < cards.copies[c]; k++) discarded.push(cards.name(c));
  const v = situation({ rows, discarded });
  const epoch = epochs++;
  return Object.assign(v, {
    deckEpoch: epoch,
    drawnAt: () => -1,
    inRound: 2,
    rowCounterOf(seat: number, counter: number): number {
      if (counter === RowCounter.MASK) return 1 << (seat === 0 ? 10 : 9);
      if (counter === RowCounter.SUM) return seat === 0 ? 10 : 9;
      return counter === RowCounter.DISTINCT || counter === RowCounter.MULT ? 1 : 0;
    },
  });
}

describe('drawsSurely with a margin: the Storm and Crossroads terms of a negative bound', () => {
  it('the position is as worked out by hand', () => {
    const v = position();
    expect(v.deckSize).toBe(4);
    const nc = new NextCard(v.cards);
    nc.loadUnseen(v);
    nc.loadRow(v, 0);
    expect(nc.points).toBe(10);
    expect(nc.expectedGain(true)).toBeCloseTo(-7 / 3, 12);
  });

  it('settles a draw when the bound (-10/3) is above the margin, not otherwise', () => {
    const nc = new NextCard(new SevnCards(sevnPreset('sevn')));
    expect(nc.drawsSurely(position(), -3.5)).toBe(1);
    expect(nc.drawsSurely(position(), -3)).toBe(0); // the gain, -7/3, is above: the full evaluation answers
    expect(nc.drawsSurely(position(), -2.2)).toBe(0); // b / T = -2 would answer a draw: the gain is below
    expect(nc.drawsSurely(position())).toBe(0); // no margin: only b >= 0 settles it
  });

  it('ev answers by the gain on both sides of it', () => {
    expect(bot('ev:margin=-3.5').drawOrStay(position())).toBe(Answer.DRAW);
    expect(bot('ev:margin=-3').drawOrStay(position())).toBe(Answer.DRAW);
    expect(bot('ev:margin=-2.2').drawOrStay(position())).toBe(Answer.STAY);
    expect(bot('ev:margin=-2.4').drawOrStay(position())).toBe(Answer.DRAW);
  });
});
