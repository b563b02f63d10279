/**
 * Every registered strategy answers legally and deterministically in random games (checkStrategy,
 * src/run/check-strategy.ts), and the check itself fails on a strategy that does not.
 */
import { describe, expect, it } from 'vitest';
import type { SevenfallStrategyDef } from '../src/games/sevenfall/view.js';
import { Answer, type SevnStrategyDef } from '../src/games/sevn/view.js';
import { SEVENFALL_STRATEGIES } from '../strategies/sevenfall/index.js';
import { SEVN_STRATEGIES } from '../strategies/sevn/index.js';
import { checkSevenfallStrategy, checkSevnStrategy } from '../src/run/check-strategy.js';

/** Strategies whose decisions are costly (rollouts, solved utilities) play fewer games. */
const GAMES: Record<string, number> = { search: 2, endgame: 4, solved: 10 };

describe('checkStrategy on every registered strategy', () => {
  for (const def of SEVN_STRATEGIES) {
    it(`sevn ${def.name}`, () => {
      const r = checkSevnStrategy(def, '', { games: GAMES[def.name] ?? 30 });
      expect(r.decisions).toBeGreaterThan(0);
    });
  }
  for (const def of SEVENFALL_STRATEGIES) {
    it(`sevenfall ${def.name}`, () => {
      const r = checkSevenfallStrategy(def, '', { games: GAMES[def.name] ?? 30 });
      // stand never discards, so it is never asked; every other strategy is.
      if (def.name !== 'stand') expect(r.decisions).toBeGreaterThan(0);
    });
  }
});

describe('checkStrategy fails where it should', () => {
  const sevnBase = SEVN_STRATEGIES.find((d) => d.name === 'stay-at')!;
  it('on an illegal answer', () => {
    const bad: SevnStrategyDef = { ...sevnBase, name: 'bad', create: (p, ctx) => ({ ...sevnBase.create(p, ctx), drawOrStay: () => 2 }) };
    expect(() => checkSevnStrategy(bad)).toThrow(/strategy "bad.*illegal draw-or-stay answer 2/);
  });
  it('on a strategy that uses randomness other than its own stream', () => {
    let calls = 0;
    const flaky: SevnStrategyDef = { ...sevnBase, name: 'flaky', params: [], create: (p, ctx) => ({ ...sevnBase.create({ ...p, points: 25, freeze: 'fewest', triple: 'exposed', ballast: 'sevn' }, ctx), drawOrStay: () => (calls++ % 3 === 0 ? Answer.STAY : Answer.DRAW) }) };
    expect(() => checkSevnStrategy(flaky, '', { games: 10 })).toThrow(/strategy "flaky" is not deterministic/);
  });
  it('on a strategy that writes to its view', () => {
    const writer: SevnStrategyDef = {
      ...sevnBase, name: 'writer',
      create: (p, ctx) => ({ ...sevnBase.create(p, ctx), drawOrStay: (v) => ((v.totals as unknown as Int32Array)[0] += 1, Answer.STAY) }),
    };
    expect(() => checkSevnStrategy(writer, '', { games: 5 })).toThrow(/strategy "writer.*wrote to view.totals in drawOrStay\(\)/);
  });
  it('on a SEVENFALL discard of a locked or missing tile', () => {
    const bad: SevenfallStrategyDef = { name: 'bad', doc: '', params: [], create: () => ({ decide: () => 1 << 20 }) };
    expect(() => checkSevenfallStrategy(bad, '', { games: 5 })).toThrow(/bad/);
  });
});
