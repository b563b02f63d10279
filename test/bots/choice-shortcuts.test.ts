/**
 * The situation-aware card choices skip work that cannot change their answer: a Freeze or Triple
 * Draw with one candidate is not valued, `deny` does not value its own row once an opponent's value
 * is 0 or more, and a Crossroads between two cards valued on the row alone reads neither the unseen
 * cards nor the row twice. Checked here against the rules written out in full (every candidate
 * valued by `expectedGain`, both Crossroads cards by `gameWorth` after a full load) at every Freeze,
 * Triple Draw and Crossroads decision of random 2-4 player games, both presets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { Decision, type SevnPlayer, type SevnView } from '../../src/games/sevn/view.js';
import { AWARE_CHOICES, cardChoices, gameWorth, threat } from '../../strategies/sevn/choices.js';
import { NextCard } from '../../strategies/sevn/next-card.js';
import { bot, situation } from './views.js';

/** freeze=deny in full: every candidate valued, opponents clockwise first, itself last, first best kept. */
function denyInFull(v: SevnView, nc: NextCard): number {
  nc.loadUnseen(v);
  let best = -1;
  let bestValue = -Infinity;
  for (let k = 1, t = v.seat; k <= v.players; k++) {
    t = (t + 1) % v.players;
    if (((v.candidates >>> t) & 1) === 0) continue;
    nc.loadRow(v, t);
    const g = nc.expectedGain(true, false);
    const value = t === v.seat ? 0 - Math.max(0, g) : g * threat(v, t);
    if (value > bestValue) [best, bestValue] = [t, value];
  }
  return best;
}

/** triple=harm in full: (1 - q)^3 x (points + 3a) - points for every candidate (see choices.ts). */
function harmInFull(v: SevnView, nc: NextCard): number {
  nc.loadUnseen(v);
  let best = -1;
  let bestValue = -Infinity;
  const cards = v.rules.tripleDrawCards;
  for (let k = 1, t = v.seat; k <= v.players; k++) {
    t = (t + 1) % v.players;
    if (((v.candidates >>> t) & 1) === 0) continue;
    nc.loadRow(v, t);
    const g = nc.expectedGain(true, false);
    const q = nc.bust;
    const change = q >= 1 ? 0 - nc.points : Math.pow(1 - q, cards) * (nc.points + cards * ((g + q * nc.points) / (1 - q))) - nc.points;
    const value = t === v.seat ? change : -change * threat(v, t);
    if (value > bestValue) [best, bestValue] = [t, value];
  }
  return best;
}

/** crossroads=game in full: the unseen cards loaded, both cards valued by gameWorth. */
function gameInFull(v: SevnView, nc: NextCard): number {
  nc.loadUnseen(v);
  return gameWorth(v, nc, v.optionB) > gameWorth(v, nc, v.optionA) ? 1 : 0;
}

/** Plays at random (draws 3 times in 4, random picks) and checks the choices at every decision that has them. */
function checker(label: string, rng: Rng, counts: Record<string, number>, failures: string[]): SevnPlayer {
  let choices: ReturnType<typeof cardChoices> | null = null;
  let full: NextCard | null = null;
  const check = (v: SevnView, kind: string, got: number, want: number): void => {
    counts[kind] = (counts[kind] ?? 0) + 1;
    if (got !== want) failures.push(`${label} ${kind} (candidates ${v.candidates.toString(2)}): ${got}, in full ${want}`);
  };
  const pick = (v: SevnView): number => {
    const seats: number[] = [];
    for (let s = 0; s < v.players; s++) if ((v.candidates >>> s) & 1) seats.push(s);
    return seats[rng.below(seats.length)];
  };
  const setUp = (v: SevnView): ReturnType<typeof cardChoices> => {
    full ??= new NextCard(v.cards, false);
    return (choices ??= cardChoices({ ...AWARE_CHOICES }, { cards: v.cards }));
  };
  return {
    label,
    drawOrStay: () => (rng.below(4) === 0 ? 0 : 1),
    freezeTarget: (v) => {
      const c = setUp(v);
      check(v, 'freeze', c.freezeTarget(v), denyInFull(v, full as NextCard));
      return pick(v);
    },
    tripleDrawTarget: (v) => {
      const c = setUp(v);
      check(v, 'triple', c.tripleDrawTarget(v), harmInFull(v, full as NextCard));
      return pick(v);
    },
    secondChanceTo: (v) => pick(v),
    crossroads: (v) => {
      const c = setUp(v);
      check(v, 'crossroads', c.crossroads(v), gameInFull(v, full as NextCard));
      return rng.below(2);
    },
    ballast: () => rng.below(2),
  };
}

describe('card choices: the shortcuts give the full rules\' answers', () => {
  it('at every Freeze, Triple Draw and Crossroads decision of random games (sevn and flip7, 2-4 players)', () => {
    const counts: Record<string, number> = {};
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom('sevn', 'flip7'), fc.integer({ min: 2, max: 4 }), (seed, preset, players) => {
        const e = new SevnEngine({ ...sevnPreset(preset), target: 150 });
        const failures: string[] = [];
        const rng = new Rng(`choice shortcuts ${seed}`);
        const seats = Array.from({ length: players }, (_, s) => checker(`seat ${s}`, rng, counts, failures));
        for (let g = 0; g < 4; g++) e.playGame(seats, rng);
        expect(failures.slice(0, 5)).toEqual([]);
      }),
      { numRuns: 40, seed: 20 },
    );
    // Enough of each kind for the check to mean something.
    expect(counts.freeze).toBeGreaterThan(150);
    expect(counts.triple).toBeGreaterThan(150);
    expect(counts.crossroads).toBeGreaterThan(60);
  });

  it('a Crossroads with a Second Chance still reads the unseen cards: it insures the next card', () => {
    // Own row 13 12 11 10 9 (55 points, 43 duplicates unseen): a Second Chance saves 55 points times
    // the bust chance, a 2 adds 2.
    const v = situation({ rows: [['13', '12', '11', '10', '9'], ['4']], decision: Decision.CROSSROADS, options: ['2', 'SecondChance'] });
    expect(bot('stay-at:crossroads=game').crossroads(v)).toBe(1);
    const swapped = situation({ rows: [['13', '12', '11', '10', '9'], ['4']], decision: Decision.CROSSROADS, options: ['SecondChance', '2'] });
    expect(bot('stay-at:crossroads=game').crossroads(swapped)).toBe(0);
  });

  it("threat reads each seat's own total (totalOf, not the copied array): 1 + total / target", () => {
    // Target 250 (the sevn preset): totals 50, 125 and 0 weigh 1.2, 1.5 and 1, from any deciding seat.
    for (const seat of [0, 2]) {
      const v = situation({ rows: [['3'], ['5'], ['7']], totals: [50, 125, 0], seat });
      expect([threat(v, 0), threat(v, 1), threat(v, 2)]).toEqual([1.2, 1.5, 1]);
    }
  });
});
