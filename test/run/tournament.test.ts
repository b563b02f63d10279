/**
 * `tournament`: identical strategies get exactly equal shares (every seat order is played on the same
 * deals); the report equals a direct replay of its games; it is the same for a seed whatever the
 * threads and chunking; head-to-head shares are complementary; --out writes tournament.arrow,
 * tournament.json and run.json; bad input is refused before any work with a one-line error.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/engine/errors.js';
import { lineupsOf, seatOrders, tables } from '../../src/engine/tournament.js';
import { sevnModule } from '../../src/catalog.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { readArrowFile } from '../../src/io/arrow.js';
import { fitBradleyTerry } from '../../src/stats/ratings.js';
import { type TournamentOptions, type TournamentReport, headToHeadCell, tournament } from '../../src/run/tournament.js';
import { sevensim } from '../helpers/cli.js';
import { listDir, tempDir } from '../helpers/dirs.js';
import { onSevn } from '../helpers/presets.js';

const base = (over: Partial<TournamentOptions>): TournamentOptions => ({
  ...onSevn(),
  mode: 'game',
  players: ['stay-at:points=20', 'stay-at:points=30', 'bust-cap', 'race'],
  games: 6,
  seed: 3,
  threads: 1,
  ...over,
});

/** The report without its timing fields. */
const results = (r: TournamentReport) => ({ ...r, seconds: 0, gamesPerSecond: 0, threads: 0, chunkSize: 0 });

describe('tournament', () => {
  it('lists tables and seat orders', () => {
    expect(tables(4, 2)).toEqual([[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
    expect(seatOrders(3)).toHaveLength(6);
    expect(seatOrders(6)).toHaveLength(6); // rotations beyond 5 seats
    expect(new Set(seatOrders(4).map((o) => o.join())).size).toBe(24);
    expect(lineupsOf({ entrants: ['a', 'b', 'c'], tableSize: 2 })).toHaveLength(6);
  });

  it('gives identical strategies equal shares, within their CIs (exactly: every seat order plays every deal)', async () => {
    for (const [players, tableSize, mode] of [[['random', 'random', 'random', 'random'], 4, 'game'], [['bust-cap', 'bust-cap', 'bust-cap', 'bust-cap', 'bust-cap'], 3, 'round']] as const) {
      const r = await tournament(base({ players: [...players], tableSize, mode, games: mode === 'game' ? 5 : 40 }));
      for (const x of r.ranking) {
        expect(x.win_share).toBeCloseTo(1 / tableSize, 12);
        expect(x.ws_ci95[0]).toBeLessThanOrEqual(1 / tableSize + 1e-12);
        expect(x.ws_ci95[1]).toBeGreaterThanOrEqual(1 / tableSize - 1e-12);
        expect(x.mean_score).toBeCloseTo(r.ranking[0].mean_score, 9);
      }
      for (const p of r.pairs) expect(p.win_share_a).toBeCloseTo(0.5, 12);
      for (const x of r.ranking) {
        expect(x.elo).toBeCloseTo(0, 9);
        expect(x.elo_ci95![0]).toBeLessThanOrEqual(1e-9);
        expect(x.elo_ci95![1]).toBeGreaterThanOrEqual(-1e-9);
      }
    }
  }, 120_000);

  it('rates identical strategies equal, within their CIs, among different ones', async () => {
    const r = await tournament(base({ players: ['stay-at', 'race', 'stay-at', 'random'], tableSize: 3, games: 30 }));
    const [x, y] = r.ranking.filter((e) => e.spec === 'stay-at');
    expect(x.elo).toBeCloseTo(y.elo!, 9);
    expect(x.elo_ci95![0]).toBeLessThanOrEqual(y.elo!);
    expect(x.elo_ci95![1]).toBeGreaterThanOrEqual(y.elo!);
    // Ranked by rating; LOS of each over the next is a probability, the last has none; ratings mean 0.
    for (let i = 0; i + 1 < r.ranking.length; i++) {
      expect(r.ranking[i].elo!).toBeGreaterThanOrEqual(r.ranking[i + 1].elo! - 1e-9);
      expect(r.ranking[i].los_next!).toBeGreaterThanOrEqual(0.5 - 1e-9);
      expect(r.ranking[i].los_next!).toBeLessThanOrEqual(1);
    }
    expect(r.ranking.at(-1)!.los_next).toBeNull();
    expect(r.ranking.reduce((s, e) => s + e.elo!, 0)).toBeCloseTo(0, 9);
    // The one spread that both stay-at seats share: exactly tied, so LOS one half.
    const i = r.ranking.indexOf(x);
    if (r.ranking[i + 1] === y) expect(x.los_next).toBeCloseTo(0.5, 9);
  }, 120_000);

  it('equals a direct replay of every game of every deal', async () => {
    const players = ['stay-at:points=15', 'bust-cap:p=0.2', 'random'];
    const r = await tournament(base({ players, tableSize: 2, games: 4, mode: 'round' }));
    // Replay: each deal g, each pair of entrants in both seat orders, seeded by (seed, g).
    const wins = [0, 0, 0];
    const scores = [0, 0, 0];
    const ahead = new Map<string, number>();
    for (let g = 0; g < 4; g++) {
      for (const [a, b] of [[0, 1], [0, 2], [1, 2], [1, 0], [2, 0], [2, 1]]) {
        const runner = sevnModule.createRunner(sevnPreset('sevn'), [players[a], players[b]], 'round');
        runner.reseedGame(3, g);
        runner.playOne();
        const [sa, sb] = [runner.scores[0], runner.scores[1]];
        scores[a] += sa;
        scores[b] += sb;
        wins[a] += sa > sb ? 1 : sa === sb ? 0.5 : 0;
        wins[b] += sb > sa ? 1 : sa === sb ? 0.5 : 0;
        ahead.set(`${a}>${b}`, (ahead.get(`${a}>${b}`) ?? 0) + (sa > sb ? 1 : sa === sb ? 0.5 : 0));
        ahead.set(`${b}>${a}`, (ahead.get(`${b}>${a}`) ?? 0) + (sb > sa ? 1 : sa === sb ? 0.5 : 0));
      }
    }
    for (const x of r.ranking) {
      expect(x.games).toBe(16); // 4 deals x 2 tables x 2 orders
      expect(x.win_share).toBeCloseTo(wins[x.entrant] / 16, 12);
      expect(x.mean_score).toBeCloseTo(scores[x.entrant] / 16, 12);
    }
    for (const p of r.pairs) {
      expect(p.games).toBe(8);
      expect(p.win_share_a).toBeCloseTo(ahead.get(`${p.ia}>${p.ib}`)! / 8, 12);
      const q = r.pairs.find((x) => x.ia === p.ib && x.ib === p.ia)!;
      expect(p.win_share_a + q.win_share_a).toBeCloseTo(1, 12);
      expect(p.win_diff).toBeCloseTo(-q.win_diff, 12);
    }
    // The ratings are the Bradley-Terry fit of the replayed head-to-head counts.
    const counts = Array.from({ length: 9 }, (_, i) => (i % 4 === 0 ? 0 : ahead.get(`${Math.floor(i / 3)}>${i % 3}`)!));
    const fit = fitBradleyTerry(3, counts);
    for (const x of r.ranking) expect(x.elo).toBeCloseTo(fit![x.entrant], 9);
    // Every round has exactly one win to share out: 4 deals x 6 games.
    expect(r.ranking.reduce((s, x) => s + x.win_share * x.games, 0)).toBeCloseTo(24, 9);
  }, 120_000);

  it('is the same for a seed whatever the threads and chunk size', async () => {
    const one = await tournament(base({ threads: 1, chunkSize: 1 }));
    const two = await tournament(base({ threads: 2, chunkSize: 4 }));
    expect(results(two)).toEqual(results(one));
    expect(one.games).toBe(6 * 24);
  }, 120_000);

  it('writes tournament.arrow, tournament.json and run.json with --out, and only them', async () => {
    const out = tempDir('tournament');
    try {
      const r = await tournament(base({ players: ['stay-at', 'bust-cap', 'ev'], tableSize: 3, games: 3, out }));
      expect(listDir(out)).toEqual(['run.json', 'tournament.arrow', 'tournament.json']);
      const t = readArrowFile(join(out, 'tournament.arrow'));
      expect(t.schema.fields.map((f) => f.name)).toEqual(['a', 'b', 'games', 'win_share_a', 'se', 'win_diff', 'win_diff_se', 'elo_a', 'elo_a_lo', 'elo_a_hi', 'elo_diff', 'los_a']);
      expect(t.numRows).toBe(6);
      const row = t.get(0)!.toJSON() as { a: string; b: string; games: bigint; win_share_a: number };
      expect([row.a, row.b, Number(row.games), row.win_share_a]).toEqual([r.pairs[0].a, r.pairs[0].b, r.pairs[0].games, r.pairs[0].win_share_a]);
      const rated = t.get(0)!.toJSON() as { elo_a: number; elo_a_lo: number; elo_a_hi: number; elo_diff: number; los_a: number };
      const p0 = r.pairs[0];
      const nan = (x: number | null | undefined): number => x ?? NaN;
      expect([rated.elo_a, rated.elo_a_lo, rated.elo_a_hi, rated.elo_diff, rated.los_a]).toEqual([nan(p0.elo_a), nan(p0.elo_a_ci95?.[0]), nan(p0.elo_a_ci95?.[1]), nan(p0.elo_diff), nan(p0.los_a)]);
      const json = JSON.parse(readFileSync(join(out, 'tournament.json'), 'utf8'));
      expect(json.ranking.map((x: { spec: string }) => x.spec)).toEqual(r.ranking.map((x) => x.spec));
      expect(Object.keys(json.ranking[0])).toEqual(expect.arrayContaining(['spec', 'win_share', 'ws_se', 'mean_score', 'score_se', 'games', 'elo', 'elo_ci95', 'los_next']));
      const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
      expect([run.format, run.kind, run.game, run.preset, run.seed]).toEqual([5, 'tournament', 'sevn', 'sevn', 3]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses bad input before any work, with a one-line error and exit code 2', async () => {
    await expect(tournament(base({ players: ['stay-at'] }))).rejects.toThrow(/at least 2 strategies/);
    await expect(tournament(base({ tableSize: 5 }))).rejects.toThrow(UserError);
    await expect(tournament(base({ tableSize: 1 }))).rejects.toThrow(/--table-size/);
    await expect(tournament(base({ players: ['stay-at', 'nope'] }))).rejects.toThrow(/unknown sevn strategy/);
    await expect(tournament(base({ games: 0 }))).rejects.toThrow(/--games/);
    const out = tempDir('tournament-bad');
    try {
      const r = sevensim('tournament', '--game', 'sevn', '--players', 'stay-at', 'bust-cap', '--table-size', '3', '--out', out);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/--table-size/);
      expect(listDir(out)).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('a head-to-head interval is cut at 0 and 1, never printed past them', () => {
    expect(headToHeadCell(0.55, 0.53, 0.57)).toBe('0.550±0.020');
    expect(headToHeadCell(0.972, 0.918, 1)).toBe('0.972+0.028-0.054');
    expect(headToHeadCell(0.01, 0, 0.04)).toBe('0.010+0.030-0.010');
  });

  it('a strategy that wins every game gets Wilson\'s interval over the deals, not [1, 1]', () => {
    // random:draw=0 stays at once and scores 0; ev scores in most rounds. If ev won all 20 deals' games,
    // Wilson's 95% interval for 20 of 20: [20 / (20 + z^2), 1] = [0.8389, 1].
    const r = sevensim('tournament', '--game', 'sevn', '--players', 'ev', 'random:draw=0', '--games', '20', '--threads', '1', '--quiet', '--json');
    expect(r.code).toBe(0);
    const t = JSON.parse(r.stdout) as TournamentReport;
    const ev = t.ranking.find((x) => x.spec === 'ev')!;
    expect(ev.win_share).toBe(1);
    expect(ev.ws_ci95[0]).toBeCloseTo(20 / (20 + 1.959964 ** 2), 5);
    expect(ev.ws_ci95[1]).toBe(1);
    const zero = t.ranking.find((x) => x.spec !== 'ev')!;
    expect(zero.ws_ci95[0]).toBe(0);
    expect(zero.ws_ci95[1]).toBeCloseTo(1.959964 ** 2 / (20 + 1.959964 ** 2), 5);
    // The paired difference of the two win shares: not [1, 1] either, but the difference of the shares'
    // 97.5% Wilson intervals (z = 2.241403, 95% together): [20 / (20 + z^2) - z^2 / (20 + z^2), 1] = [0.598473, 1].
    const z2 = 2.241403 ** 2;
    const pair = t.pairs.find((p) => p.a === 'ev')!;
    expect(pair.win_diff_ci95[0]).toBeCloseTo((20 - z2) / (20 + z2), 5);
    expect(pair.win_diff_ci95[1]).toBe(1);
    const text = sevensim('tournament', '--game', 'sevn', '--players', 'ev', 'random:draw=0', '--games', '20', '--threads', '1', '--quiet').stdout;
    expect(text).toMatch(/1\.000\+0\.000-0\.161/);
    expect(text).toContain("is Wilson's over the 20 deals");
  });

  it('prints a ranking and a head-to-head matrix from the CLI', () => {
    const r = sevensim('tournament', '--game', 'sevn', '--players', 'stay-at:points=25', 'stay-at:points=5', '--games', '20', '--threads', '1', '--quiet');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/rank\s+strategy\s+Elo\s+95% CI\s+LOS next\s+win share\s+95% CI/);
    expect(r.stdout).toMatch(/head to head/);
    expect(r.stdout).toMatch(/20 deals = 40 games/);
  }, 120_000);
});
