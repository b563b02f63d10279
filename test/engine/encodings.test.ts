/** The seat limit and the decision-key encodings: each encoder read back by its decoder, on hand-worked values. */
import { describe, expect, it } from 'vitest';
import { MAX_SEATS, WIN_UNITS, actionOfKey, actionSeatKey, seatOfKey } from '../../src/engine/game.js';
import { ScoreTable } from '../../src/games/sevenfall/scoring.js';
import { SevenfallDecisionKeys } from '../../src/games/sevenfall/decision-key.js';
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

describe('SEVENFALL decision keys', () => {
  const rules = sevenfallPreset('sevenfall'); // 7-tile row, 3 discards
  const table = new ScoreTable(rules);
  const keys = new SevenfallDecisionKeys(rules, table);

  it('read a state back: groups 3,2,1 with a Wild, 2 discards left, 1 tile locked', () => {
    const counts = new Array<number>(rules.symbols).fill(0);
    counts[0] = 3;
    counts[1] = 2;
    counts[2] = 1;
    const state = keys.state(table.index(table.keyOf(counts), 1, 0), 2, 1);
    expect(keys.decodeState(state)).toEqual({ sizes: [3, 2, 1], wilds: 1, breaks: 0, discardsLeft: 2, locked: 1 });
  });

  it('read an action back: a Wild and a tile of a group of 2, largest class first, in base rowSize + 3 = 10', () => {
    // classes: from-2 is class 3 (1 + group size), Wild is class 0; digits are class + 1: 4 then 1.
    const action = keys.addClass(keys.addClass(0, 3), 0);
    expect(action).toBe(41);
    expect(keys.actionText(action)).toBe('discard from-2+wild');
    expect(keys.actionText(0)).toBe('stop');
  });
});
