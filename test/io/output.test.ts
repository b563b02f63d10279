/** Output directories: unwritable paths, stale temporary files, a directory holding another run, interrupts. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/engine/errors.js';
import { OutputDir } from '../../src/io/output.js';
import { type SimulateOptions, simulate } from '../../src/run/simulate.js';
import { listDir, tempDir } from '../helpers/dirs.js';
import { sevensim } from '../helpers/cli.js';
import { onSevenfall, onSevn } from '../helpers/presets.js';

const run = (over: Partial<SimulateOptions>): SimulateOptions => ({
  ...onSevenfall(),
  mode: 'round',
  players: ['greedy', 'stand'],
  games: 3000,
  seed: 3,
  threads: 1,
  chunkSize: 500,
  perGame: true,
  decisions: 'outcomes', // decisions.arrow is written only when asked for
  ...over,
});

/** The pid of a process that has exited (pids are not reused this quickly). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('OutputDir', () => {
  it('refuses a path it cannot create under /proc (recursive mkdir looped there forever)', () => {
    // First in a child process (killed after 120 s), so that a loop fails this test instead of hanging the file.
    const r = sevensim('simulate', '--game', 'sevn', '--players', 'stay-at', '--games', '1', '--out', '/proc/sevensim-out/x');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('sevensim: --out /proc/sevensim-out/x: cannot write there (ENOENT); choose a writable directory\n');
    expect(() => new OutputDir('/proc/sevensim-out/x').prepare()).toThrow(/--out \/proc\/sevensim-out\/x: cannot write there \(ENOENT\)/);
  });

  it('refuses an empty path instead of ignoring it', () => {
    expect(() => new OutputDir('').prepare()).toThrow(/--out: expected a directory, got an empty path/);
  });

  it('removes temporary files of processes that are gone, and only those', async () => {
    const dir = tempDir('stale');
    const dead = `.games.arrow.${deadPid()}.tmp`;
    const alive = `.games.arrow.${process.ppid}.tmp`; // the test runner: alive
    writeFileSync(join(dir, dead), 'x'.repeat(1000));
    writeFileSync(join(dir, alive), 'x');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    await simulate(run({ out: dir, games: 500 }));
    expect(listDir(dir)).toEqual([alive, 'decisions.arrow', 'games.arrow', 'notes.txt', 'run.json', 'scores.arrow']);
  }, 60_000);

  it('refuses a directory holding another run unless --force; with it, the old run goes and other files stay', async () => {
    const dir = tempDir('another');
    await simulate(run({ ...onSevn(), players: ['stay-at:points=20'], out: dir, games: 500 }));
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    mkdirSync(join(dir, 'plots'));
    await expect(simulate(run({ out: dir, perGame: false }))).rejects.toThrow(/already holds results \(decisions.arrow, games.arrow, run.json, scores.arrow\); choose another directory, or give --force/);
    expect(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')).game).toBe('sevn');
    const warnings: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => (warnings.push(s), true)) as never;
    try {
      await simulate(run({ out: dir, perGame: false, force: true }));
    } finally {
      process.stderr.write = write;
    }
    // The SEVN games.arrow is gone: it would have been read as part of the SEVENFALL run.
    expect(listDir(dir)).toEqual(['decisions.arrow', 'notes.txt', 'plots', 'run.json', 'scores.arrow']);
    expect(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'))).toMatchObject({ format: 5, kind: 'simulate', game: 'sevenfall' });
    expect(warnings.join('')).toMatch(/left alone 1 file not written by sevensim: notes.txt\n/); // subdirectories are never touched nor named
  }, 60_000);

  it('an interrupt while the results are written leaves the previous result and no new files', async () => {
    const dir = tempDir('late-abort');
    await simulate(run({ out: dir, games: 1000 }));
    const before = Object.fromEntries(listDir(dir).map((f) => [f, readFileSync(join(dir, f))]));
    const controller = new AbortController();
    // Fires with the last chunk's result: the pool is done, only the writing is left.
    const onProgress = (done: number, total: number) => done === total && controller.abort(new Error('interrupted'));
    await expect(simulate(run({ out: dir, force: true, seed: 4, signal: controller.signal, onProgress }))).rejects.toThrow(/interrupted/);
    expect(listDir(dir)).toEqual(Object.keys(before).sort());
    for (const [f, bytes] of Object.entries(before)) expect(readFileSync(join(dir, f)).equals(bytes), f).toBe(true);
  }, 60_000);

  it('keeps a directory that holds only files that are not results', async () => {
    const dir = tempDir('user-files');
    writeFileSync(join(dir, 'README'), 'mine');
    await simulate(run({ out: dir, games: 500, perGame: false }));
    expect(existsSync(join(dir, 'README'))).toBe(true);
    expect(() => new OutputDir(dir).prepare()).toThrow(UserError);
  }, 60_000);
});
