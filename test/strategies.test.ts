/**
 * Every registered strategy answers legally and deterministically in random games (checkStrategy,
 * src/run/check-strategy.ts), and the check itself fails on a strategy that does not.
 */
import { describe, expect, it } from 'vitest';
import { catalogEntries, catalogEntry, registerGame } from '../src/catalog.js';
import type { SevenfallStrategyDef } from '../src/games/sevenfall/view.js';
import { Answer, type SevnStrategyDef } from '../src/games/sevn/view.js';
import { SEVN_STRATEGIES } from '../strategies/sevn/index.js';
import { checkStrategy } from '../src/run/check-strategy.js';

await registerGame(new URL('./fixtures/tiny-game.ts', import.meta.url));
const sevn = catalogEntry('sevn');

/** Strategies whose decisions are costly (rollouts, solved utilities) play fewer games. */
const GAMES: Record<string, number> = { search: 2, endgame: 4, solved: 10 };

describe('checkStrategy on every strategy of every game in the catalog', () => {
  for (const entry of catalogEntries()) {
    for (const def of entry.game.strategies) {
      it(`${entry.game.name} ${def.name}`, () => {
        const r = checkStrategy(entry, def, '', { games: GAMES[def.name] ?? 30 });
        // SEVENFALL's stand never discards, so it is never asked; every other strategy is.
        if (def.name !== 'stand') expect(r.decisions).toBeGreaterThan(0);
      });
    }
  }
});

describe('checkStrategy fails where it should', () => {
  const sevnBase = SEVN_STRATEGIES.find((d) => d.name === 'stay-at')!;
  it('on an illegal answer', () => {
    const bad: SevnStrategyDef = { ...sevnBase, name: 'bad', create: (p, ctx) => ({ ...sevnBase.create(p, ctx), drawOrStay: () => 2 }) };
    expect(() => checkStrategy(sevn, bad)).toThrow(/strategy "bad.*illegal draw-or-stay answer 2/);
  });
  it('on a strategy that uses randomness other than its own stream', () => {
    let calls = 0;
    const flaky: SevnStrategyDef = { ...sevnBase, name: 'flaky', params: [], create: (p, ctx) => ({ ...sevnBase.create({ ...p, points: 25, freeze: 'fewest', triple: 'exposed', ballast: 'sevn' }, ctx), drawOrStay: () => (calls++ % 3 === 0 ? Answer.STAY : Answer.DRAW) }) };
    expect(() => checkStrategy(sevn, flaky, '', { games: 10 })).toThrow(/strategy "flaky" is not deterministic/);
  });
  it('on a strategy that writes to its view', () => {
    const writer: SevnStrategyDef = {
      ...sevnBase, name: 'writer',
      create: (p, ctx) => ({ ...sevnBase.create(p, ctx), drawOrStay: (v) => ((v.totals as unknown as Int32Array)[0] += 1, Answer.STAY) }),
    };
    expect(() => checkStrategy(sevn, writer, '', { games: 5 })).toThrow(/strategy "writer.*wrote to view.totals in drawOrStay\(\)/);
  });
  it('on a strategy that writes a single number of its view', () => {
    const writer: SevnStrategyDef = {
      ...sevnBase, name: 'writer',
      create: (p, ctx) => ({ ...sevnBase.create(p, ctx), drawOrStay: (v) => (((v as unknown as { points: number }).points += 1000), Answer.STAY) }),
    };
    expect(() => checkStrategy(sevn, writer, '', { games: 5 })).toThrow(/strategy "writer.*wrote to view.points in drawOrStay\(\)/);
  });
  it('on a SEVENFALL discard of a locked or missing tile', () => {
    const bad: SevenfallStrategyDef = { name: 'bad', doc: '', params: [], create: () => ({ decide: () => 1 << 20 }) };
    expect(() => checkStrategy(catalogEntry('sevenfall'), bad, '', { games: 5 })).toThrow(/bad/);
  });
});
