/** Reproducibility of whole runs: thread counts, shards and merges give the same bits. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readArrowFile } from '../../src/io/arrow.js';
import { sevenfallModule } from '../../src/catalog.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { mergeRuns } from '../../src/run/merge.js';
import { type SimulateOptions, shardRange, simulate } from '../../src/run/simulate.js';
import { listDir, tempDir } from '../helpers/dirs.js';
import { onSevenfall } from '../helpers/presets.js';

const base = (over: Partial<SimulateOptions>): SimulateOptions => ({
  ...onSevenfall(),
  mode: 'game',
  players: ['greedy', 'random', 'stand'],
  games: 9000,
  seed: 11,
  threads: 1,
  chunkSize: 500,
  perGame: true,
  decisions: 'outcomes',
  ...over,
});
const bytes = (dir: string, f: string) => readFileSync(join(dir, f));

describe('simulate', () => {
  it('gives identical summaries and Arrow files with 1 and 2 threads', async () => {
    const a = tempDir('t1');
    const b = tempDir('t2');
    const r1 = await simulate(base({ out: a, threads: 1 }));
    const r2 = await simulate(base({ out: b, threads: 2 }));
    expect(r2.seats).toEqual(r1.seats);
    for (const f of ['scores.arrow', 'decisions.arrow', 'games.arrow']) expect(bytes(b, f).equals(bytes(a, f)), f).toBe(true);
    expect(listDir(a)).toEqual(['decisions.arrow', 'games.arrow', 'run.json', 'scores.arrow']);
  }, 60_000);

  it('seeds each game by (seed, game): the same results whatever the chunk size and thread count', async () => {
    const runs = [
      [500, 1],
      [7, 2],
      [3000, 1],
    ].map(([chunkSize, threads]) => ({ dir: tempDir(`c${chunkSize}`), chunkSize, threads }));
    const results = [];
    for (const r of runs) results.push(await simulate(base({ out: r.dir, games: 3000, chunkSize: r.chunkSize, threads: r.threads })));
    // games.arrow has one record batch per chunk, so its rows (not its bytes) are compared.
    const rows = (dir: string) => [...readArrowFile(join(dir, 'games.arrow'))].map((row) => JSON.stringify(row.toJSON(), (_k, v) => (typeof v === 'bigint' ? Number(v) : v)));
    const first = rows(runs[0].dir);
    for (const [i, r] of runs.entries()) {
      expect(results[i].seats).toEqual(results[0].seats);
      for (const f of ['scores.arrow', 'decisions.arrow']) expect(bytes(r.dir, f).equals(bytes(runs[0].dir, f)), `${f} with chunk size ${r.chunkSize}`).toBe(true);
      expect(rows(r.dir)).toEqual(first);
    }
    // Game 2345 is the game a lone runner plays from reseedGame(seed, 4321), whichever chunk held it.
    const runner = sevenfallModule.createRunner(sevenfallPreset('sevenfall'), ['greedy', 'random', 'stand'], 'game');
    runner.reseedGame(11, 2345);
    runner.playOne();
    const played = first.map((j) => JSON.parse(j)).filter((row) => row.game === 2345);
    expect(played.map((row) => row.score)).toEqual([...runner.scores]);
  }, 120_000);

  it('gives the unsharded result exactly when three shards are merged', async () => {
    const full = tempDir('full');
    await simulate(base({ out: full, threads: 2 }));
    const shards = [1, 2, 3].map((index) => tempDir(`shard${index}`));
    for (const [i, dir] of shards.entries()) await simulate(base({ out: dir, shard: { index: i + 1, count: 3 } }));
    const merged = tempDir('merged');
    const { manifest: m } = await mergeRuns(shards.reverse(), merged); // order of arguments does not matter
    expect(m.complete).toBe(true);
    for (const f of ['scores.arrow', 'decisions.arrow', 'games.arrow']) expect(bytes(merged, f).equals(bytes(full, f)), f).toBe(true);
    const fullManifest = JSON.parse(bytes(full, 'run.json').toString());
    expect(m.totals).toEqual(fullManifest.totals);
  }, 60_000);

  it('writes Arrow files that read back to what was counted', async () => {
    const dir = tempDir('readback');
    const r = await simulate(base({ out: dir, games: 3000 }));
    const scores = readArrowFile(join(dir, 'scores.arrow'));
    const games = readArrowFile(join(dir, 'games.arrow'));
    expect(games.numRows).toBe(3000 * 3);
    r.totals.seats.forEach((t, seat) => {
      const hist = [...scores].filter((row) => row.seat === seat).map((row) => [row.score, Number(row.count)]);
      expect(new Map(hist as [number, number][])).toEqual(new Map(t.histogram.entries()));
      const rows = [...games].filter((row) => row.seat === seat);
      expect(rows.reduce((s, row) => s + row.score, 0)).toBe(t.sumScore);
      expect(rows.reduce((s, row) => s + row.win_share, 0)).toBeCloseTo(t.sumWin / 840, 9);
      expect(r.seats[seat].mean).toBeCloseTo(t.sumScore / 3000, 12);
    });
    // Games are numbered 0..n-1 in order, seats 0..2 within each game.
    expect(Array.from(games.getChild('game')!.toArray().slice(0, 6), Number)).toEqual([0, 0, 0, 1, 1, 1]);
    // Decisions: every discard decision of every game is counted once, with its seat's outcome.
    const decisions = readArrowFile(join(dir, 'decisions.arrow'));
    const stops = [...decisions].filter((row) => row.action === 'stop' && row.seat === 2);
    expect(stops.reduce((s, row) => s + Number(row.count), 0)).toBe(3000 * 5); // stand stops once a turn
    for (const row of stops) expect(row.mean_score).toBeCloseTo(row.sum_score / Number(row.count), 9);
  }, 60_000);

  it('counts each decision with the outcome of the game it came from', async () => {
    // `stand` decides once a turn (stop), five times a game: grouped by kind alone, its one row holds
    // five times the sums of its games' scores and win shares.
    const dir = tempDir('outcomes');
    await simulate(base({ out: dir, games: 2000, buckets: 'none' }));
    const games = [...readArrowFile(join(dir, 'games.arrow'))].filter((g) => g.seat === 2);
    const rows = [...readArrowFile(join(dir, 'decisions.arrow'))].filter((row) => row.seat === 2);
    expect(rows.map((r) => [r.kind, r.action, Number(r.count)])).toEqual([['discard', 'stop', 5 * 2000]]);
    const score = games.reduce((s, g) => s + g.score, 0);
    const scoreSq = games.reduce((s, g) => s + g.score * g.score, 0);
    const win = games.reduce((s, g) => s + Math.round(g.win_share * 840), 0);
    expect([rows[0].sum_score, rows[0].sum_score_sq, rows[0].sum_win]).toEqual([5 * score, 5 * scoreSq, 5 * win]);
    expect(rows[0].mean_score).toBeCloseTo(score / 2000, 12);
    expect(rows[0].mean_win).toBeCloseTo(win / 840 / 2000, 12);
  }, 60_000);

  it('writes no decisions.arrow unless asked, and no NaN in any column when asked', async () => {
    const none = tempDir('nodec');
    await simulate(base({ out: none, games: 500, decisions: 'none', perGame: false }));
    expect(listDir(none)).toEqual(['run.json', 'scores.arrow']);
    const dir = tempDir('nonan');
    await simulate(base({ out: dir, games: 200, buckets: 'profile,discards-left,locked,round', perGame: false }));
    const rows = [...readArrowFile(join(dir, 'decisions.arrow'))];
    expect(rows.some((r) => Number(r.count) === 1)).toBe(true);
    for (const r of rows) for (const v of Object.values(r.toJSON())) if (typeof v === 'number') expect(Number.isNaN(v)).toBe(false);
    for (const r of rows.filter((x) => Number(x.count) === 1)) expect([r.var_score, r.var_win]).toEqual([0, 0]);
  }, 60_000);

  it('refuses to merge outputs of different runs, or overlapping shards', async () => {
    const a = tempDir('ma');
    const b = tempDir('mb');
    const c = tempDir('mc');
    await simulate(base({ out: a, games: 2000, shard: { index: 1, count: 2 } }));
    await simulate(base({ out: b, games: 2000, seed: 12, shard: { index: 2, count: 2 } }));
    await simulate(base({ out: c, games: 2000 }));
    await expect(mergeRuns([a, b], tempDir('mx'))).rejects.toThrow(/differ in seed; only shards of the same run can be merged/);
    await expect(mergeRuns([a, c], tempDir('my'))).rejects.toThrow(/overlap/);
    await expect(mergeRuns([tempDir('empty')], tempDir('mz'))).rejects.toThrow(/no run.json here/);
  }, 60_000);

  it('splits chunks into shards that cover them once', () => {
    for (const total of [1, 2, 7, 100]) {
      for (const count of [1, 2, 3, 8]) {
        const ranges = Array.from({ length: count }, (_, i) => shardRange(total, { index: i + 1, count }));
        expect(ranges[0][0]).toBe(0);
        expect(ranges[count - 1][1]).toBe(total);
        for (let i = 1; i < count; i++) expect(ranges[i][0]).toBe(ranges[i - 1][1]);
      }
    }
  });
});
