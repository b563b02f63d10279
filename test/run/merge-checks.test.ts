/** merge refuses damaged shards and its own inputs as --out, and says truly which chunks it covers. */
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readArrowFile } from '../../src/io/arrow.js';
import { sealed } from '../../src/io/manifest.js';
import { coverageNote } from '../../src/io/manifest.js';
import { mergeRuns } from '../../src/run/merge.js';
import { type SimulateOptions, simulate } from '../../src/run/simulate.js';
import { sevensim } from '../helpers/cli.js';
import { listDir, tempDir } from '../helpers/dirs.js';
import { onSevenfall } from '../helpers/presets.js';

const run = (over: Partial<SimulateOptions>): SimulateOptions => ({
  ...onSevenfall(),
  mode: 'round',
  players: ['greedy', 'stand'],
  games: 3000,
  seed: 2,
  threads: 1,
  chunkSize: 100,
  perGame: true,
  ...over,
});

async function shards(): Promise<string[]> {
  const dirs = [1, 2, 3].map((i) => tempDir(`mc-shard${i}`));
  for (const [i, d] of dirs.entries()) await simulate(run({ out: d, shard: { index: i + 1, count: 3 } }));
  return dirs;
}

describe('merge checks', () => {
  it('refuses a shard whose score histogram disagrees with its run.json totals', async () => {
    const [a, b, c] = await shards();
    const path = join(b, 'run.json');
    const m = JSON.parse(readFileSync(path, 'utf8'));
    m.totals[1].sumScore += 7; // one edited count
    writeFileSync(path, JSON.stringify(m));
    // The seal catches the edit first (the histogram check stays behind it for unsealed content).
    await expect(mergeRuns([a, b, c], tempDir('mc-out'))).rejects.toThrow(/mc-shard2-.*run.json: its content does not match its sha256: it was edited or damaged/);
  }, 60_000);

  it('refuses shards written in an older output format (simulate seeded per chunk before format 3; no sums by game before 4)', async () => {
    const [a, b, c] = await shards();
    const path = join(b, 'run.json');
    writeFileSync(path, JSON.stringify(sealed({ ...JSON.parse(readFileSync(path, 'utf8')), format: 3 }), null, 2)); // resealed: the format check, not the seal, must refuse it
    const out = tempDir('mc-out');
    await expect(mergeRuns([a, b, c], out)).rejects.toThrow(/mc-shard2-.* was written in output format 3; this sevensim merges format 5 shards .*: run the shard again$/);
    expect(listDir(out)).toEqual([]);
  }, 60_000);

  it('names a truncated Arrow file instead of crashing in apache-arrow', async () => {
    const [a, b, c] = await shards();
    for (const file of ['games.arrow', 'scores.arrow']) {
      const path = join(c, file);
      const bytes = readFileSync(path);
      truncateSync(path, Math.floor(bytes.length * 0.6));
      const out = tempDir('mc-out');
      await expect(mergeRuns([a, b, c], out)).rejects.toThrow(new RegExp(`${file.replace('.', '\\.')}`));
      await expect(mergeRuns([a, b, c], out)).rejects.toThrow(/truncated or damaged|rows, but its run.json says|not the file its run.json records/);
      expect(listDir(out)).toEqual([]);
      writeFileSync(path, bytes);
    }
  }, 60_000);

  it('refuses --out equal to one of its input shards (it would overwrite it)', async () => {
    const [a, b, c] = await shards();
    const before = readFileSync(join(b, 'scores.arrow'));
    await expect(mergeRuns([a, b, c], b + '/')).rejects.toThrow(/--out .* is one of the shards being merged/);
    expect(readFileSync(join(b, 'scores.arrow')).equals(before)).toBe(true);
  }, 60_000);

  it('says which chunks shards 1 and 3 of 3 cover, and which are missing', async () => {
    const [a, , c] = await shards();
    const out = tempDir('mc-partial');
    const { manifest: m } = await mergeRuns([c, a], out);
    expect(m.complete).toBe(false);
    expect(m.kind).toBe('merge');
    expect(coverageNote(m)).toBe('the shards cover chunks 0-9, 20-29 of 30 (0-29); chunks 10-19 are missing, so the result is partial');
    const r = sevensim('merge', a, c, '--out', tempDir('mc-cli'));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('sevensim: note: the shards cover chunks 0-9, 20-29 of 30 (0-29); chunks 10-19 are missing, so the result is partial\n');
    // The summary says it too: 2,000 of the run's 3,000 rounds, and no rate (the shards' time is not the merge's).
    expect(r.stdout.split('\n')[0]).toBe('sevenfall (sevenfall), round mode, 2,000 of the run\'s 3,000 rounds (partial), seed 2: merged from 2 shard outputs');
    const j = JSON.parse(sevensim('merge', a, c, '--out', tempDir('mc-json'), '--json').stdout);
    expect(j.games).toBe(2000);
    expect(j.partial).toEqual({ runGames: 3000, note: coverageNote(m) });
    const whole = JSON.parse(sevensim('merge', a, ...(await shards()).slice(1, 2), c, '--out', tempDir('mc-whole'), '--json').stdout);
    expect(whole.games).toBe(3000);
    expect(whole.partial).toBeNull();
  }, 60_000);
});

describe('int64 counts', () => {
  it('numbers games past 2^31 exactly (a shard of a 3e9-game run), and every count column is int64', async () => {
    const out = tempDir('int64');
    // 3e9 one-game chunks; the last shard of 3e9 plays only game 2,999,999,999.
    await simulate(run({ out, games: 3e9, chunkSize: 1, shard: { index: 3e9, count: 3e9 }, decisions: 'outcomes' }));
    const games = readArrowFile(join(out, 'games.arrow'));
    expect(String(games.schema.fields.find((f) => f.name === 'game')!.type)).toBe('Int64');
    expect([...games].map((r) => r.game)).toEqual([2999999999n, 2999999999n]);
    const types = (file: string) => Object.fromEntries(readArrowFile(join(out, file)).schema.fields.map((f) => [f.name, String(f.type)]));
    expect(types('scores.arrow').count).toBe('Int64');
    expect(types('decisions.arrow').count).toBe('Int64');
    const m = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
    expect(m.chunks).toEqual({ total: 3e9, first: 2999999999, last: 3e9 });
  }, 60_000);
});
