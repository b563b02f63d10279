/**
 * Exact against Monte Carlo: solo `stay-at` on the number-only decks, its expected round score, bust
 * rate and SEVN rate, and the next-draw bust chance of held rows, all computed by exact recursion over
 * held-value sets and held against 1e6 simulated rounds (fixed seeds) within 4 standard errors.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { Ev } from '../../src/games/sevn/events.js';
import { nextBustChance, soloDrawsHolding, soloStayAt } from '../../src/games/sevn/exact.js';
import { makeSevnPlayers } from '../../src/games/sevn/index.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { meanSe } from './helpers.js';
import { expectWithinSE, proportionSe } from '../helpers/stats.js';

const ROUNDS = 1_000_000;


describe.each(['sevn-numbers', 'flip7-numbers'])('exact solo stay-at on %s', (preset) => {
  const rules = sevnPreset(preset);

  it('the recursion agrees with itself: small hand-checked values', () => {
    // Threshold 1: the deal decides. Mean = E[value of one card]; busts impossible.
    const total = rules.numbers.reduce((a, n) => a + n.copies, 0);
    const mean = rules.numbers.reduce((a, n) => a + n.value * n.copies, 0) / total;
    // A dealt 0 (one copy) scores 0 < 1, so the player draws once more.
    const zero = 1 / total;
    const afterZero = rules.numbers.reduce((a, n) => a + (n.value === 0 ? 0 : n.value * n.copies), 0) / (total - 1);
    const ex = soloStayAt(rules, 1);
    expect(ex.mean).toBeCloseTo(mean - zero * 0 + zero * afterZero, 12);
    expect(ex.bust).toBe(0);
  });

  it.each([10, 20, 27, 35])('threshold %i: mean score, bust and SEVN rates within 4 SE of 1e6 rounds', (threshold) => {
    const ex = soloStayAt(rules, threshold);
    const engine = new SevnEngine(rules);
    const players = makeSevnPlayers(SEVN_STRATEGIES, rules, [`stay-at:points=${threshold}`], [new Rng('unused')]);
    const rng = new Rng();
    rng.reseed(20261129, threshold, 0);
    let sum = 0;
    let sumSq = 0;
    let busts = 0;
    let sevns = 0;
    for (let i = 0; i < ROUNDS; i++) {
      engine.playRound(players, rng);
      const x = engine.roundScore[0];
      sum += x;
      sumSq += x * x;
      busts += engine.bustCount[0];
      sevns += engine.sevnAt[0];
    }
    const m = meanSe(sum, sumSq, ROUNDS);
    expectWithinSE(m.mean, ex.mean, Math.sqrt((ex.meanSquare - ex.mean ** 2) / ROUNDS), 'mean score');
    expectWithinSE(busts / ROUNDS, ex.bust, proportionSe(ex.bust, ROUNDS), 'bust rate');
    expectWithinSE(sevns / ROUNDS, ex.sevn, proportionSe(ex.sevn, ROUNDS), 'SEVN rate');
  });

  it('next-draw bust chance of held rows, and how often each row draws, within 4 SE of 1e6 rounds', () => {
    const bit = (vs: number[]): number => vs.reduce((m, v) => m | (1 << v), 0);
    const rows = [bit([12]), bit([5]), bit([11, 12]), bit([3, 9]), bit([8, 10, 12]), bit([2, 6, 9, 11])];
    // Always draw: every row is reachable and the player draws at each until a bust or a SEVN.
    const threshold = 1000;
    const engine = new SevnEngine(rules);
    const players = makeSevnPlayers(SEVN_STRATEGIES, rules, [`stay-at:points=${threshold}`], [new Rng('unused')]);
    const visits = new Float64Array(rows.length);
    const busts = new Float64Array(rows.length);
    let mask = 0;
    engine.tracer = {
      event(ev, _seat, card) {
        if (ev !== Ev.DEAL && ev !== Ev.DRAW) return;
        const v = engine.cards.value[card];
        if (ev === Ev.DEAL) mask = 0;
        else {
          for (let r = 0; r < rows.length; r++) {
            if (rows[r] === mask) {
              visits[r]++;
              if ((mask >>> v) & 1) busts[r]++;
            }
          }
        }
        mask |= 1 << v;
      },
    };
    const rng = new Rng();
    rng.reseed(7, 0, 0);
    for (let i = 0; i < ROUNDS; i++) engine.playRound(players, rng);
    rows.forEach((held, r) => {
      const reach = soloDrawsHolding(rules, threshold, held);
      expectWithinSE(visits[r] / ROUNDS, reach, proportionSe(reach, ROUNDS), 'reach');
      const p = nextBustChance(rules, held);
      expectWithinSE(busts[r] / visits[r], p, proportionSe(p, visits[r]), 'next-draw bust');
    });
  });
});

describe('exact values, fixed', () => {
  it('nextBustChance counts the held values\' other copies over the unseen cards', () => {
    const r = sevnPreset('sevn-numbers');
    expect(nextBustChance(r, 1 << 12)).toBeCloseTo(11 / 91, 15);
    expect(nextBustChance(r, (1 << 12) | (1 << 0))).toBeCloseTo(11 / 90, 15);
  });

  it('rejects decks with other cards', () => {
    expect(() => soloStayAt(sevnPreset('sevn'), 20)).toThrow(/number-only/);
  });
});
