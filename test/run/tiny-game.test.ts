/**
 * A game registered in the catalog at run time, from test/fixtures/tiny-game.ts alone, runs through the
 * shared game tests, simulate (on workers, which load it themselves), shards and merge, and compare.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogEntry, gameNames, registerGame } from '../../src/catalog.js';
import { compare } from '../../src/run/compare.js';
import { mergeRuns } from '../../src/run/merge.js';
import { type SimulateOptions, simulate } from '../../src/run/simulate.js';
import { gameContract } from '../helpers/game-contract.js';
import { tempDir } from '../helpers/dirs.js';
import { expectWithinSE } from '../helpers/stats.js';

const game = await registerGame(new URL('../fixtures/tiny-game.ts', import.meta.url));
gameContract(catalogEntry('tiny'));

const base = (over: Partial<SimulateOptions>): SimulateOptions => ({
  game, rules: game.preset('d6'), preset: 'd6', mode: 'round', players: ['keep', 'below'], games: 20000, seed: 5, threads: 2, chunkSize: 1000, ...over,
});

describe('a game registered at run time', () => {
  it('is in the catalog beside the built-in games', () => {
    expect(gameNames()).toEqual(expect.arrayContaining(['sevn', 'sevenfall', 'tiny']));
  });

  it('simulates on workers: one throw averages 3.5, throwing again below 4 averages 4.25 (within 4 SE)', async () => {
    const r = await simulate(base({}));
    const [keep, below] = r.seats;
    // keep: a fair die, (1+...+6)/6 = 3.5. below: half the time a 4..6 (mean 5), else a new throw (3.5): 4.25.
    expectWithinSE(keep.mean, 3.5, keep.se, 'keep mean');
    expectWithinSE(below.mean, 4.25, below.se, 'below mean');
  }, 60_000);

  it('merges three shards into exactly the unsharded result files', async () => {
    const over = { mode: 'game' as const, players: ['keep', 'coin', 'below'], games: 5000, perGame: true, decisions: 'outcomes' as const };
    const full = tempDir('tiny-full');
    await simulate(base({ ...over, out: full }));
    const shards = [1, 2, 3].map((i) => tempDir(`tiny-shard${i}`));
    for (const [i, out] of shards.entries()) await simulate(base({ ...over, out, threads: 1, shard: { index: i + 1, count: 3 } }));
    const merged = tempDir('tiny-merged');
    expect((await mergeRuns(shards, merged)).manifest.complete).toBe(true);
    for (const f of ['scores.arrow', 'decisions.arrow', 'games.arrow']) expect(readFileSync(join(merged, f)).equals(readFileSync(join(full, f))), f).toBe(true);
  }, 60_000);

  it('compares on common random numbers: keep minus throw-again-below-4 is -0.75 (within 4 SE)', async () => {
    const r = await compare({ game, rules: game.preset('d6'), preset: 'd6', mode: 'round', a: 'keep', b: 'below', field: [], games: 20000, seed: 3, threads: 2 });
    // The first throw is shared: below 4 (p 1/2) B throws again, so d = first - second with first
    // uniform on 1..3 and second on 1..6: E[d] = (2 - 3.5) / 2 = -0.75, E[d^2] = (14/3 - 14 + 91/6) / 2 = 35/12.
    expect(r.games).toBe(20000);
    expectWithinSE(r.diff.mean, -0.75, r.diff.se, 'keep - below');
    expect(r.diff.sd).toBeCloseTo(Math.sqrt(35 / 12 - 0.75 ** 2), 1);
  }, 60_000);
});
