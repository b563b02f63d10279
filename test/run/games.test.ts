/**
 * What every registered game must do (the OpenSpiel habit: one shared check for all games): play
 * every mode at random with results inside their bounds, and give the same bits for any thread count.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/registry.js';
import { simulate } from '../../src/run/simulate.js';

const lineups: Record<string, string[]> = {
  sevn: ['random', 'stay-at', 'bust-cap', 'stay-at-cards'],
  sevenfall: ['random', 'greedy', 'stand', 'optimal'],
};

describe.each(Object.keys(GAMES))('game %s', (name) => {
  const game = GAMES[name];
  const rules = game.preset(game.defaultPreset);

  it.each(['round', 'game'] as const)('%s mode: same results on 1 and 2 threads, scores and win shares in range', async (mode) => {
    const run = (threads: number) =>
      simulate({ game, rules, preset: game.defaultPreset, mode, players: lineups[name], games: 3000, seed: 17, threads, chunkSize: 128 });
    const [one, two] = [await run(1), await run(2)];
    expect(two.seats).toEqual(one.seats);
    expect(two.manifest.totals).toEqual(one.manifest.totals);
    let wins = 0;
    for (const s of one.totals.seats) {
      expect(s.games).toBe(3000);
      for (const score of s.histogram.keys()) expect(score).toBeGreaterThanOrEqual(0);
      wins += s.sumWin;
    }
    // Every game is won by someone (shares of a tie add up to one game).
    expect(wins).toBe(mode === 'game' ? 3000 * 840 : 0);
  }, 120_000);

  it('lists strategies with documented parameters, and rejects unknown ones', () => {
    for (const s of game.strategies) {
      expect(s.doc.length).toBeGreaterThan(10);
      for (const p of s.params) expect(p.doc.length, `${s.name}.${p.name}`).toBeGreaterThan(5);
    }
    expect(() => game.checkStrategy('no-such-bot')).toThrow(/unknown .* strategy "no-such-bot"/);
  });

  it('replays a seeded trace exactly', () => {
    expect(game.trace(rules, lineups[name], 99)).toBe(game.trace(rules, lineups[name], 99));
  });
});
