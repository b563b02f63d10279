/**
 * Files sevensim reads back are untrusted: a checkpoint cannot name a path outside its directory, an
 * edited checkpoint is refused and kept, a FIFO or a device is refused instead of read forever, two
 * runs cannot share an --out, --force removes only result files, and a commit is all or nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/engine/errors.js';
import { CHECKPOINT_FILE, Checkpointer, readCheckpoint } from '../../src/io/checkpoint.js';
import { fileInDir, readRegularFile } from '../../src/io/input-files.js';
import { LOCK_FILE, OutputDir, OutputError } from '../../src/io/output.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { compare } from '../../src/run/compare.js';
import { writeCompareOutput } from '../../src/run/compare-output.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { mergeRuns } from '../../src/run/merge.js';
import { type SimulateOptions, simulate } from '../../src/run/simulate.js';
import { listDir, tempDir } from '../helpers/dirs.js';
import { onSevenfall, onSevn } from '../helpers/presets.js';

const run = (over: Partial<SimulateOptions>): SimulateOptions => ({
  ...onSevn(),
  mode: 'round',
  players: ['stay-at:points=20', 'bust-cap'],
  games: 2000,
  seed: 5,
  threads: 1,
  chunkSize: 250,
  perGame: true,
  ...over,
});

/** A checkpoint as a run saves it: valid hash, then `edit` applied to its parsed JSON (hash unchanged unless `rehash`). */
function checkpointIn(dir: string, keep: string[], state: object, kind = 'simulate'): void {
  new Checkpointer(dir, kind, { game: 'sevn' }).save(state, keep);
}

function edit(dir: string, change: (c: Record<string, unknown>) => void): void {
  const path = join(dir, CHECKPOINT_FILE);
  const c = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  change(c);
  writeFileSync(path, JSON.stringify(c));
}

/** The pid of a process that has exited. */
const deadPid = (): number => Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);

describe('paths read from files stay inside their directory', () => {
  it('fileInDir takes plain names only', () => {
    const dir = tempDir('names');
    expect(fileInDir(dir, '.games.arrow.12.tmp', 'x')).toBe(join(dir, '.games.arrow.12.tmp'));
    for (const bad of ['../victim.txt', '/etc/passwd', 'a/b', '..', '.', '', 'a\\b', 'a\0b', 7, null]) {
      expect(() => fileInDir(dir, bad, 'the checkpoint: keep'), String(bad)).toThrow(/the checkpoint: keep: names .* which is not a file name inside/);
    }
  });

  it('a checkpoint whose keep list names a file outside --out deletes nothing there, with --force or not', () => {
    const root = tempDir('keep');
    const dir = join(root, 'out');
    mkdirSync(dir);
    writeFileSync(join(root, 'victim.txt'), 'precious');
    checkpointIn(dir, ['../victim.txt'], { next: 0 });
    expect(() => readCheckpoint(dir)).toThrow(/keep: names "..\/victim.txt", which is not a file name inside/);
    expect(() => new OutputDir(dir, { resume: true }).prepare()).toThrow(UserError);
    new OutputDir(dir, { force: true }).prepare(); // discards the checkpoint, not what it names
    new OutputDir(dir).abort();
    expect(readFileSync(join(root, 'victim.txt'), 'utf8')).toBe('precious');
    expect(existsSync(join(dir, CHECKPOINT_FILE))).toBe(false);
  });

  it('a simulate checkpoint whose gamesFile names a file outside --out is refused on --resume, the file untouched', async () => {
    const root = tempDir('gamesfile');
    const dir = join(root, 'out');
    const controller = new AbortController();
    await expect(simulate(run({ out: dir, checkpointEvery: 0, signal: controller.signal, onProgress: (done) => done >= 1000 && controller.abort(new Error("interrupted")) }))).rejects.toThrow(/interrupted|aborted/);
    writeFileSync(join(root, 'victim.arrow'), 'precious');
    const c = readCheckpoint<{ gamesFile: string }>(dir)!;
    // Rewritten with a valid hash: the name itself must be refused, not only the edit.
    new Checkpointer(dir, 'simulate', c.definition).save({ ...c.state, gamesFile: '../victim.arrow' }, c.keep);
    await expect(simulate(run({ out: dir, resume: true }))).rejects.toThrow(/gamesFile: names "..\/victim.arrow", which is not a file name inside/);
    expect(readFileSync(join(root, 'victim.arrow'), 'utf8')).toBe('precious');
    expect(existsSync(join(dir, CHECKPOINT_FILE))).toBe(true);
  }, 60_000);
});

describe('checkpoints are checked like any input', () => {
  it('an edited checkpoint (its sha256 no longer matches) is refused with one line and kept', () => {
    const dir = tempDir('edited');
    checkpointIn(dir, [], { next: 3, totals: { games: 10 } });
    expect(readCheckpoint<{ next: number }>(dir)!.state.next).toBe(3);
    for (const change of [(c: any) => (c.state.next = 7), (c: any) => (c.state.totals = null), (c: any) => (c.definition = { game: 'sevenfall' }), (c: any) => delete c.sha256, (c: any) => (c.state = null)]) {
      checkpointIn(dir, [], { next: 3, totals: { games: 10 } });
      edit(dir, change);
      const text = readFileSync(join(dir, CHECKPOINT_FILE), 'utf8');
      expect(() => readCheckpoint(dir)).toThrow(/not a checkpoint this version can trust .*; give --force to discard it/);
      expect(() => new OutputDir(dir, { resume: true }).prepare()).toThrow(/give --force to discard it/);
      expect(readFileSync(join(dir, CHECKPOINT_FILE), 'utf8')).toBe(text);
    }
  });

  it('a checkpoint that is a FIFO is refused, not waited on', () => {
    const dir = tempDir('fifo-cp');
    expect(spawnSync('mkfifo', [join(dir, CHECKPOINT_FILE)]).status).toBe(0);
    expect(() => readCheckpoint(dir)).toThrow(/a FIFO, not a regular file/);
  });
});

describe('files that are not regular files', () => {
  it('are refused by name: a FIFO, /dev/zero, a directory', () => {
    const dir = tempDir('fifo');
    const fifo = join(dir, 'rules.json');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const t0 = performance.now();
    expect(() => readRegularFile(fifo, '--rules x')).toThrow(/^--rules x: a FIFO, not a regular file; give a file$/);
    expect(() => readRegularFile('/dev/zero', '--review /dev/zero')).toThrow(/^--review \/dev\/zero: a device, not a regular file/);
    expect(() => readRegularFile(dir, 'run.json')).toThrow(/a directory, not a regular file/);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('merge refuses a shard whose run.json or scores.arrow is a FIFO', async () => {
    const a = tempDir('fifo-shard');
    await simulate(run({ out: a, games: 500, perGame: false }));
    rmSync(join(a, 'scores.arrow'));
    expect(spawnSync('mkfifo', [join(a, 'scores.arrow')]).status).toBe(0);
    await expect(mergeRuns([a], tempDir('fifo-merged'))).rejects.toThrow(/scores.arrow: a FIFO, not a regular file/);
    rmSync(join(a, 'run.json'));
    expect(spawnSync('mkfifo', [join(a, 'run.json')]).status).toBe(0);
    await expect(mergeRuns([a], tempDir('fifo-merged'))).rejects.toThrow(/run.json: a FIFO, not a regular file/);
  }, 60_000);
});

describe('--out belongs to one run at a time', () => {
  it('a second run into a directory another live process writes is refused; a dead process\'s lock is taken over', async () => {
    const dir = tempDir('lock');
    symlinkSync(String(process.ppid), join(dir, LOCK_FILE)); // the test runner's parent: alive
    await expect(simulate(run({ out: dir }))).rejects.toThrow(new RegExp(`another sevensim \\(pid ${process.ppid}\\) is writing there; wait for it to finish or choose another directory`));
    expect(listDir(dir)).toEqual([LOCK_FILE]);
    rmSync(join(dir, LOCK_FILE));
    symlinkSync(String(deadPid()), join(dir, LOCK_FILE));
    await simulate(run({ out: dir, games: 500 }));
    expect(listDir(dir)).toEqual(['games.arrow', 'run.json', 'scores.arrow']); // and the lock is released
  }, 60_000);

  it('--force replaces the result files only: the run\'s own rules file and other JSON stay', async () => {
    const dir = tempDir('force-json');
    writeFileSync(join(dir, 'my-rules.json'), JSON.stringify(sevnPreset('sevn')));
    writeFileSync(join(dir, 'notes.json'), '{}');
    await simulate(run({ out: dir, games: 500 }));
    await simulate(run({ out: dir, games: 500, perGame: false, force: true }));
    expect(listDir(dir)).toEqual(['my-rules.json', 'notes.json', 'run.json', 'scores.arrow']);
  }, 60_000);

  it('merge --out through a symlink to one of its shards is refused, the shard intact', async () => {
    const root = tempDir('merge-link');
    const a = join(root, 'a');
    await simulate(run({ out: a, games: 500, perGame: false }));
    const before = readFileSync(join(a, 'run.json'));
    symlinkSync(a, join(root, 'link'));
    await expect(mergeRuns([a], join(root, 'link'), { force: true })).rejects.toThrow(/--out .*link is one of the shards being merged/);
    expect(readFileSync(join(a, 'run.json')).equals(before)).toBe(true);
  }, 60_000);
});

describe('a commit is all or nothing', () => {
  it('a directory where run.json goes stops the commit before any file is replaced, and the message says so', async () => {
    const dir = tempDir('commit');
    await simulate(run({ out: dir, games: 500 }));
    const scores = readFileSync(join(dir, 'scores.arrow'));
    rmSync(join(dir, 'run.json'));
    mkdirSync(join(dir, 'run.json'));
    const e = await simulate(run({ out: dir, games: 500, seed: 9, force: true })).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(OutputError);
    expect((e as Error).message).toMatch(/cannot put run.json in place: a directory of that name is there; move it away .* no result files were written and anything there before is intact/);
    expect(readFileSync(join(dir, 'scores.arrow')).equals(scores)).toBe(true);
    expect(listDir(dir)).toEqual(['games.arrow', 'run.json', 'scores.arrow']);
  }, 60_000);
});

describe('a shard\'s run.json identifies its files', () => {
  it('merge refuses edited totals and a file copied from another shard', async () => {
    const root = tempDir('sealed');
    const [a, b] = ['a', 'b'].map((n) => join(root, n));
    await simulate(run({ out: a, shard: { index: 1, count: 2 } }));
    await simulate(run({ out: b, shard: { index: 2, count: 2 } }));
    const m = JSON.parse(readFileSync(join(a, 'run.json'), 'utf8'));
    expect(m.files['games.arrow']).toMatchObject({ rows: 2000, bytes: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(m.files['scores.arrow'].rows).toBeGreaterThan(0);
    const original = readFileSync(join(a, 'run.json'));
    // busts, rounds and win sums are not in scores.arrow: only the seal shows the edit.
    for (const field of ['busts', 'rounds', 'sumWin', 'sumScoreSq']) {
      writeFileSync(join(a, 'run.json'), JSON.stringify({ ...m, totals: m.totals.map((t: Record<string, number>, s: number) => (s === 0 ? { ...t, [field]: t[field] + 1 } : t)) }));
      await expect(mergeRuns([a, b], join(root, 'm'))).rejects.toThrow(/a\/run.json: its content does not match its sha256: it was edited or damaged/);
    }
    writeFileSync(join(a, 'run.json'), original);
    writeFileSync(join(a, 'games.arrow'), readFileSync(join(b, 'games.arrow'))); // same rows, other games
    await expect(mergeRuns([a, b], join(root, 'm'))).rejects.toThrow(/a\/games.arrow: not the file its run.json records .* replaced, edited or damaged/);
    expect(existsSync(join(root, 'm'))).toBe(false);
  }, 60_000);

  it('report refuses an edited run.json in one line', async () => {
    const dir = tempDir('report-edited');
    await simulate(run({ out: dir, games: 500, perGame: false }));
    const m = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
    writeFileSync(join(dir, 'run.json'), JSON.stringify({ ...m, players: [...m.players, 'stay-at'] }));
    const { readOutput } = await import('../../src/report/inputs.js');
    expect(() => readOutput(dir)).toThrow(/run.json: its content does not match its sha256: it was edited or damaged/);
    // Without its sha256 a run.json of format 2 or later is refused; an unsealed older one (format 1) is checked field by field.
    const { sha256: _s, ...stripped } = m;
    writeFileSync(join(dir, 'run.json'), JSON.stringify(stripped));
    expect(() => readOutput(dir)).toThrow(/run.json: format 5 but no sha256 .*: it was edited or damaged/);
    const unsealed = { ...stripped, format: 1 };
    for (const [edit, message] of [
      [{ players: [...m.players, 'x'] }, /has 3 players but totals for 2 seats/],
      [{ totals: m.totals.map((t: object) => ({ ...t, games: 0 })) }, /counts 0 games for a seat, which cannot be drawn/],
      [{ totals: m.totals.map((t: object) => ({ ...t, games: 1e300 })) }, /counts 1e\+300 games for a seat, which cannot be drawn/],
      [{ totals: [null, null] }, /counts undefined games/],
    ] as const) {
      writeFileSync(join(dir, 'run.json'), JSON.stringify({ ...unsealed, ...edit }));
      expect(() => readOutput(dir)).toThrow(message);
    }
  }, 60_000);

  it('report refuses a result file that is not the one its run.json records: replaced, edited, or copied from another run', async () => {
    const { readOutput } = await import('../../src/report/inputs.js');
    const root = tempDir('report-files');
    const [a, b] = [join(root, 'a'), join(root, 'b')];
    await simulate(run({ out: a, games: 500, perGame: false }));
    await simulate(run({ out: b, games: 500, perGame: false, seed: 9 }));
    writeFileSync(join(a, 'scores.arrow'), readFileSync(join(b, 'scores.arrow'))); // a valid file, of another run
    expect(() => readOutput(a)).toThrow(/a\/scores.arrow: not the file its run.json records .* replaced, edited or damaged; run it again/);
    // Other commands record each file's bytes and sha256 in run.json's seals: an edited compare.json.
    const c = join(root, 'c');
    const out = new OutputDir(c);
    out.prepare();
    const r = await compare({ ...onSevenfall(), mode: 'round', a: 'greedy', b: 'stand', field: [], games: 200, seed: 5, threads: 1 });
    writeCompareOutput(out, r, sevenfallPreset('sevenfall'), []);
    const m = JSON.parse(readFileSync(join(c, 'run.json'), 'utf8'));
    expect(Object.keys(m.seals)).toEqual(['compare.json']);
    expect(readOutput(c).kind).toBe('compare');
    const text = readFileSync(join(c, 'compare.json'), 'utf8');
    writeFileSync(join(c, 'compare.json'), text.replace(/"games": \d+/, '"games": 1000000'));
    expect(() => readOutput(c)).toThrow(/c\/compare.json: not the file its run.json records .* replaced, edited or damaged; run it again/);
  }, 60_000);
});
