// The outcome counter: decisions counted per bucket during a game, credited with the game's outcome at
// settle. Keys found in the direct slot index (a two-way answer, a small state) and keys found by the
// hash (larger actions, larger states) must add up alike; the expected sums are worked out by hand.
import { describe, expect, it } from 'vitest';
import { Bucketer, DecisionCounter, type PendingTallies, Tally, WIN_UNITS } from '../../src/engine/decisions.js';

const W = WIN_UNITS;

function sums(c: DecisionCounter): Map<string, number[]> {
  const m = new Map<string, number[]>();
  for (const [state, actionSeat, v] of c.table.entries()) m.set(`${state}/${actionSeat}`, [...v]);
  return m;
}

/** Counts as an engine's tally writer does (DrawTally.countAt): the cell, listed on its first use. */
function writer(t: PendingTallies): (state: number, action: number, seat: number) => void {
  return (state, action, seat) => {
    const at = t.countsAt + ((state << 6) | (action * 8 + seat));
    if (t.mem[at]++ === 0) t.mem[t.listAt + t.mem[Tally.N]++] = at;
  };
}

describe('DecisionCounter', () => {
  it('credits each decision with its seat\'s outcome, whichever way its bucket is found', () => {
    const c = new DecisionCounter(new Bucketer([], []));
    // Game 1: seat 0 scores 10 and wins, seat 1 scores 3.
    c.record(0, 5, 1); // state 5, action 1, seat 0: actionSeat 8 (direct index)
    c.record(0, 5, 1);
    c.record(1, 5, 1); // actionSeat 9 (direct index)
    c.record(0, 5000, 0); // a state beyond the direct index: by the hash
    c.record(1, 7, 3); // actionSeat 25: by the hash
    c.settle(Int32Array.of(10, 3), Float64Array.of(1, 0));
    // Game 2: seat 0 scores 4, seat 1 scores 6 and wins.
    c.record(0, 5, 1);
    c.settle(Int32Array.of(4, 6), Float64Array.of(0, 1));
    expect(sums(c)).toEqual(
      new Map([
        ['5/8', [3, 10 + 10 + 4, 100 + 100 + 16, 2 * W, 2 * W * W]],
        ['5/9', [1, 3, 9, 0, 0]],
        ['5000/0', [1, 10, 100, W, W * W]],
        ['7/25', [1, 3, 9, 0, 0]],
      ]),
    );
  });

  it('counts tallies written in place (state << 6 | actionSeat) at settle, beside recorded decisions', () => {
    const c = new DecisionCounter(new Bucketer([], []));
    const t = c.tallies(4096);
    const tally = writer(t);
    // Game 1: seat 0 scores 10 and wins, seat 1 scores 3.
    tally(5, 1, 0);
    tally(5, 1, 0);
    c.record(0, 5, 1); // the same bucket, recorded
    tally(4095, 0, 1); // the largest state a tally holds
    c.settle(Int32Array.of(10, 3), Float64Array.of(1, 0));
    expect(t.mem[Tally.N]).toBe(0);
    // Game 2: seat 0 scores 4, seat 1 scores 6 and wins.
    tally(5, 1, 0);
    tally(6, 7, 1); // the largest action a tally holds (a target 7 seats to the left)
    c.settle(Int32Array.of(4, 6), Float64Array.of(0, 1));
    expect(sums(c)).toEqual(
      new Map([
        ['5/8', [4, 10 + 10 + 10 + 4, 300 + 16, 3 * W, 3 * W * W]],
        ['4095/1', [1, 3, 9, 0, 0]],
        ['6/57', [1, 6, 36, W, W * W]],
      ]),
    );
  });
  it('keeps the tallies\' sums per cell and folds them into the table when it is read, once', () => {
    const c = new DecisionCounter(new Bucketer([], []));
    const t = c.tallies(4096);
    const tally = writer(t);
    // Game 1: seat 0 scores 10 and wins, seat 1 scores 3.
    tally(5, 1, 0);
    tally(5, 1, 0);
    tally(9, 0, 1);
    c.settle(Int32Array.of(10, 3), Float64Array.of(1, 0));
    expect(sums(c)).toEqual(
      new Map([
        ['5/8', [2, 20, 200, 2 * W, 2 * W * W]],
        ['9/1', [1, 3, 9, 0, 0]],
      ]),
    );
    // Game 2, after the table was read: seat 0 scores 4, seat 1 scores 6 and wins. A fold that kept
    // its cells' sums would add game 1 twice; one that kept their ids would credit 7/9 to 5/8's.
    tally(7, 1, 1);
    tally(5, 1, 0);
    c.settle(Int32Array.of(4, 6), Float64Array.of(0, 1));
    expect(sums(c)).toEqual(
      new Map([
        ['5/8', [3, 24, 216, 2 * W, 2 * W * W]],
        ['9/1', [1, 3, 9, 0, 0]],
        ['7/9', [1, 6, 36, W, W * W]],
      ]),
    );
  });

  it('keeps the sums of earlier games when more cells are settled than it has room for', () => {
    const c = new DecisionCounter(new Bucketer([], []));
    const t = c.tallies(4096);
    const count = writer(t);
    const tally = (state: number): void => count(state, 0, 0);
    // Game 1: 1,000 states of seat 0, which scores 2; game 2: 1,000 more, seat 0 scores 3 (2,000 cells
    // in all, more than the 1,024 the counter starts with, so its sums grow between the games).
    for (let st = 0; st < 1000; st++) tally(st);
    c.settle(Int32Array.of(2), Float64Array.of(0));
    for (let st = 1000; st < 2000; st++) tally(st);
    tally(0);
    c.settle(Int32Array.of(3), Float64Array.of(0));
    const m = sums(c);
    expect(m.size).toBe(2000);
    expect(m.get('0/0')).toEqual([2, 5, 13, 0, 0]);
    expect(m.get('999/0')).toEqual([1, 2, 4, 0, 0]);
    expect(m.get('1999/0')).toEqual([1, 3, 9, 0, 0]);
  });
});
