/**
 * What every game in the catalog must do: play every mode with its test lineup, with results inside
 * their bounds and the same bits on any thread count; document its strategies; replay a trace.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../src/catalog.js';
import { WIN_UNITS } from '../../src/engine/game.js';
import { simulate } from '../../src/run/simulate.js';

export function gameContract({ game, testLineup }: CatalogEntry): void {
  describe(`game ${game.name}`, () => {
    const rules = game.preset(game.defaultPreset);

    it.each(['round', 'game'] as const)('%s mode: same results on 1 and 2 threads, scores and win shares in range', async (mode) => {
      const run = (threads: number) => simulate({ game, rules, preset: game.defaultPreset, mode, players: testLineup, games: 3000, seed: 17, threads, chunkSize: 128 });
      const [one, two] = [await run(1), await run(2)];
      expect(two.seats).toEqual(one.seats);
      expect(two.manifest.totals).toEqual(one.manifest.totals);
      let wins = 0;
      for (const s of one.totals.seats) {
        expect(s.games).toBe(3000);
        for (const [score] of s.histogram.entries()) expect(score).toBeGreaterThanOrEqual(0);
        wins += s.sumWin;
      }
      // Every game is won by someone (shares of a tie add up to one game); rounds have no winner.
      expect(wins).toBe(mode === 'game' ? 3000 * WIN_UNITS : 0);
    }, 120_000);

    it('lists strategies with documented parameters, and rejects unknown ones', () => {
      expect(new Set(testLineup.map((s) => s.split(':')[0])).size).toBeGreaterThan(1);
      for (const s of game.strategies) {
        expect(s.doc.length).toBeGreaterThan(10);
        for (const p of s.params) expect(p.doc.length, `${s.name}.${p.name}`).toBeGreaterThan(5);
      }
      expect(() => game.checkStrategy('no-such-bot')).toThrow(/unknown .* strategy "no-such-bot"/);
    });

    it('replays a seeded trace exactly, from the seed alone: other games played in between change nothing, another seed another game', () => {
      const first = game.trace(rules, testLineup, 99);
      // Other seeds, another lineup and a runner's games in between: a trace that read state left by
      // earlier play (a shared stream, a cache) would now differ.
      const others = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => game.trace(rules, testLineup, seed));
      game.trace(rules, [...testLineup].reverse(), 99);
      const runner = game.createRunner(rules, [...testLineup], 'game');
      for (let g = 0; g < 20; g++) {
        runner.reseedGame(99, g);
        runner.playOne();
      }
      expect(game.trace(rules, testLineup, 99)).toBe(first);
      // A trace that ignored its seed would pass the line above: eight seeds cannot all give one game.
      expect(new Set([first, ...others]).size).toBeGreaterThan(1);
    });
  });
}
