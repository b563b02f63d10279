/** The seat limit and the decision-key encodings: each encoder read back by its decoder, on hand-worked values. */
import { describe, expect, it } from 'vitest';
import { MAX_SEATS, WIN_UNITS, actionOfKey, actionSeatKey, seatOfKey } from '../../src/engine/game.js';
import { actionRadix, actionText, addActionClass } from '../../src/games/sevenfall/buckets.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';

describe('the seat limit', () => {
  it('is 8 seats, and every tie among up to 8 seats shares a whole number of win units', () => {
    expect(MAX_SEATS).toBe(8);
    expect(WIN_UNITS).toBe(840); // 2^3 * 3 * 5 * 7
    for (let tie = 1; tie <= MAX_SEATS; tie++) expect(WIN_UNITS % tie).toBe(0);
  });

  it('packs an action and a seat into one key: action 3, seat 5 is 3 * 8 + 5 = 29', () => {
    expect(actionSeatKey(3, 5)).toBe(29);
    expect([actionOfKey(29), seatOfKey(29)]).toEqual([3, 5]);
    expect([actionOfKey(actionSeatKey(0, 7)), seatOfKey(actionSeatKey(0, 7))]).toEqual([0, 7]);
  });
});

describe('SEVENFALL action keys', () => {
  const rules = sevenfallPreset('sevenfall'); // 7-tile row, 3 discards

  it('read an action back: a Wild and a tile of a group of 2, largest class first, in base rowSize + 3 = 10', () => {
    // classes: from-2 is class 3 (1 + group size), Wild is class 0; digits are class + 1: 4 then 1.
    expect(actionRadix(rules)).toBe(10);
    const action = addActionClass(10, addActionClass(10, 0, 3), 0);
    expect(action).toBe(41);
    expect(actionText(rules, action)).toBe('discard from-2+wild');
    expect(actionText(rules, 0)).toBe('stop');
  });
});
