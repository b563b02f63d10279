/**
 * A full disk while results are written: a one-line error, every temporary file removed, the previous
 * result intact. Module level, the disk fills by a writeSync that fails with ENOSPC after a byte
 * budget; process level (where this user may mount one), on a real 64 KB tmpfs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Checkpointer } from '../../src/io/checkpoint.js';
import { OutputError } from '../../src/io/output.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { type SimulateOptions, simulate } from '../../src/run/simulate.js';
import { mergeRuns } from '../../src/run/merge.js';
import { solveSevenfallCommand } from '../../src/games/sevenfall/analyses/solve.js';
import { CLI } from '../helpers/cli.js';
import { listDir, tempDir } from '../helpers/dirs.js';
import { onSevenfall } from '../helpers/presets.js';

/** Bytes writeSync may still write before it fails with ENOSPC (Infinity: no limit). */
const disk = vi.hoisted(() => ({ left: Infinity }));
vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  const writeSync = (fd: number, data: Uint8Array | string, ...rest: unknown[]) => {
    const n = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    if (n > disk.left) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    disk.left -= n;
    return (real.writeSync as (...a: unknown[]) => number)(fd, data, ...rest);
  };
  return { ...real, writeSync, default: { ...real, writeSync } };
});

const run = (over: Partial<SimulateOptions>): SimulateOptions => ({
  ...onSevenfall(),
  mode: 'round',
  players: ['greedy', 'stand'],
  games: 4000,
  seed: 3,
  threads: 1,
  chunkSize: 500,
  perGame: true,
  ...over,
});

const snapshot = (dir: string) => Object.fromEntries(listDir(dir).map((f) => [f, fs.readFileSync(join(dir, f))]));

function expectIntact(dir: string, before: Record<string, Buffer>): void {
  expect(listDir(dir)).toEqual(Object.keys(before).sort());
  for (const [f, bytes] of Object.entries(before)) expect(fs.readFileSync(join(dir, f)).equals(bytes), f).toBe(true);
}

describe('a full disk (writes fail with ENOSPC)', () => {
  it('simulate: one-line error, no temporary files, the previous result intact', async () => {
    const dir = tempDir('enospc-sim');
    await simulate(run({ out: dir, games: 1000 }));
    const before = snapshot(dir);
    for (const budget of [0, 20_000, 60_000]) {
      disk.left = budget; // fails in games.arrow, at its start or part way
      const e = await simulate(run({ out: dir, force: true, seed: 9 })).catch((x: unknown) => x);
      disk.left = Infinity;
      expect(e).toBeInstanceOf(OutputError);
      expect((e as Error).message).toMatch(/^--out .*: writing the results failed: the disk is full \(ENOSPC\); no result files were written and anything there before is intact$/);
      expectIntact(dir, before);
    }
  }, 60_000);

  it('a checkpoint that cannot be written leaves no temporary file (it left an empty one)', () => {
    const dir = tempDir('enospc-checkpoint');
    const cp = new Checkpointer(dir, 'simulate', { game: 'sevn' });
    disk.left = 0;
    expect(() => cp.save({ next: 1 })).toThrow(/ENOSPC/);
    disk.left = Infinity;
    expect(listDir(dir)).toEqual([]);
  });

  it('merge and solve: the same', async () => {
    const shards = [1, 2].map((i) => tempDir(`enospc-shard${i}`));
    for (const [i, d] of shards.entries()) await simulate(run({ out: d, shard: { index: i + 1, count: 2 } }));
    const dir = tempDir('enospc-merge');
    await mergeRuns(shards, dir);
    const before = snapshot(dir);
    disk.left = 10_000;
    await expect(mergeRuns(shards, dir, { force: true })).rejects.toThrow(/writing the results failed: the disk is full \(ENOSPC\)/);
    disk.left = Infinity;
    expectIntact(dir, before);

    const sdir = tempDir('enospc-solve');
    disk.left = 5000;
    await expect(solveSevenfallCommand(sevenfallPreset('sevenfall-6x6'), 'sevenfall-6x6', 'ev', sdir)).rejects.toThrow(OutputError);
    disk.left = Infinity;
    expect(listDir(sdir)).toEqual([]);
  }, 120_000);
});

/** A 64 KB tmpfs, if this process may mount one (CI runs as root; containers may still refuse). */
function mountSmallDisk(): string | null {
  if (process.getuid?.() !== 0) return null;
  const dir = tempDir('tmpfs');
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
  return r.status === 0 ? dir : null;
}
const small = mountSmallDisk();
afterAll(() => {
  if (small) execFileSync('umount', [small]);
});

describe.skipIf(small === null)('a full 64 KB tmpfs as --out (process level)', () => {
  it.each(['simulate', 'merge'])('%s: exit 1, one line, no temporary files, the previous result intact', (command) => {
    const dir = join(small!, command);
    const sim = ['simulate', '--game', 'sevenfall', '--players', 'greedy', 'stand', '--seed', '5', '--quiet', '--threads', '1'];
    const shard = tempDir('tmpfs-shard');
    const args = command === 'simulate' ? [...sim, '--games', '50000', '--per-game'] : ['merge', shard];
    if (command === 'merge') expect(spawnSync(process.execPath, [CLI, ...sim, '--games', '50000', '--per-game', '--out', shard]).status).toBe(0);
    expect(spawnSync(process.execPath, [CLI, ...sim, '--games', '100', '--out', dir]).status).toBe(0);
    const before = snapshot(dir);
    const r = spawnSync(process.execPath, [CLI, ...args, '--out', dir, '--force'], { encoding: 'utf8' });
    expect(r.stderr).toMatch(/^sevensim: --out .*: writing the results failed: the disk is full \(ENOSPC\); no result files were written and anything there before is intact\n$/);
    expect(r.status).toBe(1);
    expectIntact(dir, before);
  }, 120_000);

  it('compare --out: the same, on a disk filled but for a few hundred bytes', () => {
    const dir = join(small!, 'compare');
    const cmp = ['compare', '--game', 'sevenfall', '--a', 'greedy', '--b', 'stand', '--games', '2000', '--threads', '1', '--quiet'];
    expect(spawnSync(process.execPath, [CLI, ...cmp, '--out', dir]).status).toBe(0);
    const before = snapshot(dir);
    const filler = join(small!, 'filler');
    const fd = fs.openSync(filler, 'w');
    try {
      const block = Buffer.alloc(512);
      for (;;) fs.writeSync(fd, block); // until the tmpfs is full
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      fs.closeSync(fd);
    }
    try {
      const r = spawnSync(process.execPath, [CLI, ...cmp, '--seed', '2', '--out', dir, '--force'], { encoding: 'utf8' });
      expect(r.stderr).toMatch(/^sevensim: --out .*: writing the results failed: the disk is full \(ENOSPC\); no result files were written and anything there before is intact\n$/);
      expect(r.status).toBe(1);
      expectIntact(dir, before);
    } finally {
      fs.rmSync(filler);
    }
  }, 60_000);
});
