/** --resume: a killed or interrupted run continues from its checkpoint and ends with the bytes of an uninterrupted run. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKPOINT_FILE, Checkpointer, checkDefinition, readCheckpoint } from '../../src/io/checkpoint.js';
import { type SimulateOptions, simulate } from '../../src/run/simulate.js';
import { type TournamentOptions, tournament } from '../../src/run/tournament.js';
import { sevensim, sevensimKilledAfterCheckpoint } from '../helpers/cli.js';
import { listDir, tempDir } from '../helpers/dirs.js';
import { onSevenfall, onSevn } from '../helpers/presets.js';

const RESULTS = ['decisions.arrow', 'games.arrow', 'scores.arrow'];

const run = (over: Partial<SimulateOptions>): SimulateOptions => ({
  ...onSevenfall(),
  mode: 'game',
  players: ['greedy', 'random'],
  games: 6000,
  seed: 21,
  threads: 1,
  chunkSize: 250,
  perGame: true,
  decisions: 'outcomes', // decisions.arrow is written only when asked for
  ...over,
});

const same = (a: string, b: string) => {
  for (const f of RESULTS) expect(readFileSync(join(a, f)).equals(readFileSync(join(b, f))), f).toBe(true);
  const [ma, mb] = [a, b].map((d) => JSON.parse(readFileSync(join(d, 'run.json'), 'utf8')));
  expect(mb.totals).toEqual(ma.totals);
  expect(mb.chunks).toEqual(ma.chunks);
};

describe('checkpoints and --resume', () => {
  it('continues an interrupted run (checkpoint after every result) to the bytes of an uninterrupted one', async () => {
    const full = tempDir('resume-full');
    await simulate(run({ out: full }));
    for (const stopAt of [1000, 3500]) {
      const dir = tempDir('resume');
      const controller = new AbortController();
      const onProgress = (done: number) => done >= stopAt && controller.abort(new Error('interrupted'));
      await expect(simulate(run({ out: dir, threads: 2, checkpointEvery: 0, signal: controller.signal, onProgress }))).rejects.toThrow(/interrupted|aborted/);
      const c = readCheckpoint<{ next: number }>(dir)!;
      expect(c.kind).toBe('simulate');
      expect(c.state.next).toBeGreaterThanOrEqual(stopAt / 250);
      expect(listDir(dir).filter((f) => !f.startsWith('.'))).toEqual([]); // no result files
      // A new run there is refused: the interrupted one would be lost silently.
      await expect(simulate(run({ out: dir }))).rejects.toThrow(/holds an interrupted run; continue it with --resume/);
      await expect(simulate(run({ out: dir, resume: true, seed: 22 }))).rejects.toThrow(/run definition differs/);
      const r = await simulate(run({ out: dir, resume: true }));
      expect(r.totals.games).toBe(6000);
      same(full, dir);
      expect(readdirSync(dir).sort()).toEqual(['decisions.arrow', 'games.arrow', 'run.json', 'scores.arrow']); // checkpoint and temporaries gone
    }
  }, 120_000);

  it('tournament: an interrupted tournament resumes to the bytes of an uninterrupted one', async () => {
    const t = (over: Partial<TournamentOptions>): TournamentOptions => ({
      ...onSevn(), mode: 'game', players: ['stay-at', 'stay-at:points=30', 'bust-cap'],
      games: 600, seed: 5, threads: 1, chunkSize: 1, ...over,
    });
    const full = tempDir('resume-tournament-full');
    const whole = await tournament(t({ out: full }));
    const dir = tempDir('resume-tournament');
    const controller = new AbortController();
    // Stopped at the first result, on one thread: its worker runs the tasks in order, the first two one
    // chunk each, so the stop comes part way. (On two, a worker slow to start holds back the first chunk
    // while the other runs, with tasks sized to a tenth of a second, through all 600 fast deals.)
    const onProgress = (done: number) => done >= 1 && controller.abort(new Error('interrupted'));
    await expect(tournament(t({ out: dir, threads: 1, checkpointEvery: 0, signal: controller.signal, onProgress }))).rejects.toThrow(/interrupted|aborted/);
    const c = readCheckpoint<{ next: number }>(dir)!;
    expect(c.kind).toBe('tournament');
    expect(c.state.next).toBeGreaterThanOrEqual(1);
    expect(c.state.next).toBeLessThan(600); // stopped part way
    expect(listDir(dir).filter((f) => !f.startsWith('.'))).toEqual([]);
    await expect(tournament(t({ out: dir }))).rejects.toThrow(/holds an interrupted run; continue it with --resume/);
    await expect(tournament(t({ out: dir, resume: true, seed: 6 }))).rejects.toThrow(/run definition differs/);
    // A checkpoint is read back as untrusted input: sums of the wrong length are refused, not summed.
    const saved = readFileSync(join(dir, CHECKPOINT_FILE), 'utf8');
    // Resealed with a matching sha256, so that the sums' own check is what refuses it.
    const { sha256: _old, ...edited } = { ...JSON.parse(saved), state: { ...JSON.parse(saved).state, sums: [1, 2, 3] } };
    writeFileSync(join(dir, CHECKPOINT_FILE), JSON.stringify({ ...edited, sha256: createHash('sha256').update(JSON.stringify(edited)).digest('hex') }));
    await expect(tournament(t({ out: dir, resume: true }))).rejects.toThrow(/checkpoint .* is damaged/);
    writeFileSync(join(dir, CHECKPOINT_FILE), saved);
    const resumed = await tournament(t({ out: dir, resume: true, threads: 2 })); // resumed on two threads: the same bytes
    expect(resumed.pairs).toEqual(whole.pairs);
    expect(resumed.ranking).toEqual(whole.ranking);
    expect(readFileSync(join(dir, 'tournament.arrow')).equals(readFileSync(join(full, 'tournament.arrow')))).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['run.json', 'tournament.arrow', 'tournament.json']);
  }, 120_000);

  it('saves atomically and at most every `every` ms, and checks the definition', () => {
    const dir = tempDir('checkpointer');
    const cp = new Checkpointer<{ n: number }>(dir, 'tune', { seed: 1 }, 60_000);
    expect(cp.maybeSave(() => ({ state: { n: 1 } }))).toBe(false); // too soon after creation
    cp.save({ n: 2 }, ['.x.1.tmp']);
    expect(readdirSync(dir)).toEqual([CHECKPOINT_FILE]); // no temporary file left
    const c = readCheckpoint<{ n: number }>(dir)!;
    expect(c).toMatchObject({ format: 5, kind: 'tune', definition: { seed: 1 }, keep: ['.x.1.tmp'], state: { n: 2 } });
    expect(() => checkDefinition(c, 'tune', { seed: 1 })).not.toThrow();
    expect(() => checkDefinition(c, 'tune', { seed: 2 })).toThrow(/definition differs/);
    expect(() => checkDefinition(c, 'tournament', { seed: 1 })).toThrow(/of a tune run, not tournament/);
  });

  it('process level: kill -9 after a checkpoint, then `simulate --resume DIR` gives the uninterrupted bytes', () => {
    const args = ['simulate', '--game', 'sevenfall', '--players', 'greedy', 'stand', '--games', '240000', '--chunk-size', '2000', '--seed', '8', '--per-game', '--decisions', 'outcomes', '--quiet'];
    const dir = tempDir('kill9');
    // Killed right after its third checkpoint (one after each result): part way, whatever the machine's speed.
    expect(sevensimKilledAfterCheckpoint(3, ...args, '--threads', '1', '--checkpoint-seconds', '0', '--out', dir).signal).toBe('SIGKILL');
    const c = readCheckpoint<{ next: number }>(dir)!;
    expect(c.state.next).toBeGreaterThan(0);
    expect(c.state.next).toBeLessThan(120);
    expect(sevensim('simulate', '--resume', dir, '--games', '5').stderr).toMatch(/--resume takes the run's arguments from its checkpoint; do not give --games/);
    const resumed = sevensim('simulate', '--resume', dir, '--threads', '2', '--quiet');
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['decisions.arrow', 'games.arrow', 'run.json', 'scores.arrow']);
    const full = tempDir('kill9-full');
    expect(sevensim(...args, '--threads', '2', '--out', full).code).toBe(0);
    same(full, dir);
  }, 120_000);

  // --resume DIR means the same in every command that checkpoints: the run's arguments come from the checkpoint.
  for (const [kind, args, files] of [
    ['tune', ['tune', '--game', 'sevn', '--preset', 'sevn-numbers', '--strategy', 'stay-at', '--param', 'points=10:40', '--method', 'spsa', '--budget', '1000000', '--seed', '3', '--quiet'], ['best.json', 'tune.arrow']],
    ['tournament', ['tournament', '--game', 'sevenfall', '--players', 'greedy', 'stand', 'random', '--games', '6000', '--chunk-size', '100', '--seed', '4', '--quiet'], ['tournament.arrow']],
  ] as const) {
    it(`process level: kill -9 after a checkpoint, then \`${kind} --resume DIR\` gives the uninterrupted result`, () => {
      const dir = tempDir(`kill9-${kind}`);
      expect(sevensimKilledAfterCheckpoint(2, ...args, '--threads', '1', '--checkpoint-seconds', '0', '--out', dir).signal).toBe('SIGKILL');
      expect(existsSync(join(dir, CHECKPOINT_FILE))).toBe(true);
      expect(sevensim(kind, '--resume', dir, '--seed', '5').stderr).toMatch(/--resume takes the run's arguments from its checkpoint; do not give --seed/);
      // Resumed by the other command: named for what it is, with the command that continues it.
      expect(sevensim(kind === 'tune' ? 'tournament' : 'tune', '--resume', dir).stderr).toBe(`sevensim: --resume ${dir}: the interrupted run here is a ${kind} run; continue it with \`sevensim ${kind} --resume ${dir}\`\n`);
      const resumed = sevensim(kind, '--resume', dir, '--threads', '2', '--json');
      expect(resumed.stderr).toBe('');
      expect(resumed.code).toBe(0);
      // Finished: nothing left to resume, and the message says the run there finished.
      expect(sevensim(kind, '--resume', dir).stderr).toContain(`no interrupted ${kind} run to continue here (a finished ${kind} run is there: nothing is left to play)`);
      expect(sevensim(kind === 'tune' ? 'tournament' : 'tune', '--resume', dir).stderr).toContain(`(a finished ${kind} run is there: nothing is left to play)`);
      const full = tempDir(`kill9-${kind}-full`);
      const whole = sevensim(...args, '--threads', '2', '--json', '--out', full);
      expect(whole.code).toBe(0);
      const timeless = (text: string) => JSON.stringify(JSON.parse(text), (k, v) => (k === 'seconds' || k === 'gamesPerSecond' ? undefined : v));
      expect(timeless(resumed.stdout)).toEqual(timeless(whole.stdout));
      for (const f of files) if (f.endsWith('.arrow')) expect(readFileSync(join(dir, f)).equals(readFileSync(join(full, f))), f).toBe(true);
    }, 120_000);
  }
});
