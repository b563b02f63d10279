/**
 * SeatBonus.cardDelta, the one valuation of a card against a row that the engine's Crossroads and
 * Ballast rules and the bots' NextCard share, worked out by hand on the sevn preset's bonuses
 * (Featherweight 15 points at 4 or more values all at most 6; Heavyweight 12 at 3 values of 10 or
 * more; Ladder 4 a card of a run of 3 or more; SEVN bonus at 7 values).
 */
import { describe, expect, it } from 'vitest';
import { Bonus, Kind } from '../../src/games/sevn/cards.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { SeatBonus } from '../../src/games/sevn/scoring.js';

const rules = sevnPreset('sevn');
const sb = new SeatBonus(rules);
const SEVN = rules.sevn.distinct;
const bits = (...vs: number[]): number => vs.reduce((m, v) => m | (1 << v), 0);

describe('SeatBonus.cardDelta', () => {
  // The row 1 2 3 4 with a Featherweight: 10 + 15 = 25 points.
  const fw = [bits(1, 2, 3, 4), 10, 4, 0, 1, 0, Bonus.FEATHERWEIGHT] as const;
  const delta = (kind: number, val: number, row: readonly number[], sc = false, points = 25): number =>
    sb.cardDelta(kind, val, row[0], row[1], row[2], row[3], row[4], row[5], row[6], sc, points, SEVN);

  it('a Ballast above the Featherweight limit takes the bonus away: kept 18 < 25, so discarded (0)', () => {
    expect(delta(Kind.BALLAST, 8, fw)).toBe(0);
  });

  it('a Ballast within the limit keeps it: 15 + 15 = 30, +5', () => {
    expect(delta(Kind.BALLAST, 5, fw)).toBe(5);
  });

  it('a number: a new 6 keeps the Featherweight (16 + 15 = 31, +6), a 7 loses it (17, -8), a held 3 busts (-25, 0 with a Second Chance)', () => {
    expect(delta(Kind.NUMBER, 6, fw)).toBe(6);
    expect(delta(Kind.NUMBER, 7, fw)).toBe(-8);
    expect(delta(Kind.NUMBER, 3, fw)).toBe(-25);
    expect(delta(Kind.NUMBER, 3, fw, true)).toBe(0);
  });

  it('modifiers and bonus cards: +4 adds 4, x2 doubles the sum (20 + 15, +10), a Ladder pays 4 x 4 = 16, a Crossroads 0', () => {
    expect(delta(Kind.ADD, 4, fw)).toBe(4);
    expect(delta(Kind.MULTIPLY, 2, fw)).toBe(10);
    expect(delta(Kind.LADDER, 0, fw)).toBe(16);
    expect(delta(Kind.CROSSROADS, 0, fw)).toBe(0);
  });

  it('the seventh value earns the SEVN bonus: 1..6 (21 points) and a 7 score 28 + the bonus', () => {
    const six = [bits(1, 2, 3, 4, 5, 6), 21, 6, 0, 1, 0, 0] as const;
    expect(delta(Kind.NUMBER, 7, six, false, 21)).toBe(7 + rules.sevn.bonus);
  });
});
