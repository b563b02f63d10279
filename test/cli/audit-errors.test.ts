/**
 * Inputs a hostile tester tried (issue 18), each answered with one line on stderr and exit 2: repeated
 * flags (yargs added a repeated 1 to the first value), preset and parameter names that are properties
 * of every object, rules whose games or rounds never end, results of other commands given to merge,
 * files that are not regular files.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { catalogEntry } from '../../src/catalog.js';
import { checkArgs } from '../../src/cli/checks.js';
import { UserError } from '../../src/engine/errors.js';
import { interruptible } from '../../src/cli/progress.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { CLI, sevensim } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';

const oneLine = (r: { code: number | null; stdout: string; stderr: string }, message: RegExp) => {
  expect(r.stderr).toMatch(message);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.code).toBe(2);
};

describe('a single-value flag given twice is refused, whatever the second value', () => {
  it.each([
    [['--seed', '5', '--seed', '1'], '--seed'],
    [['--games', '100', '--games', '1'], '--games'],
    [['--threads', '2', '--threads=1'], '--threads'],
    [['--budget', '400', '--budget', '1'], '--budget'],
    [['--rollouts', '8', '--rollouts', '1'], '--rollouts'],
    [['--chunk-size', '5', '--chunkSize', '1'], '--chunk-size'],
    [['--quiet', '--no-quiet'], '--quiet'],
  ])('%j', (argv, flag) => {
    // What yargs made of it: `--seed 5 --seed 1` arrives as 6, not as an array.
    const parsed = { seed: 6, games: 101, threads: 3, budget: 401, rollouts: 9, chunkSize: 6, quiet: false, players: ['a'], _: [], $0: '' };
    expect(() => checkArgs(parsed, ['players'], argv)).toThrow(`${flag} was given more than once; give it once`);
  });

  it('array flags may repeat', () => {
    expect(() => checkArgs({ players: ['a', 'b'], seed: 1, _: [] }, ['players'], ['--players', 'a', '--players', 'b', '--seed', '1'])).not.toThrow();
  });

  it('at the command line, for every command (the run does not start with seed 6)', () => {
    oneLine(sevensim('simulate', '--game', 'sevn', '--players', 'stay-at', '--games', '50', '--seed', '5', '--seed', '1', '--quiet'), /^sevensim: --seed was given more than once; give it once$/m);
    oneLine(sevensim('compare', '--game', 'sevn', '--a', 'stay-at', '--b', 'bust-cap', '--games', '50', '--games', '1', '--quiet'), /^sevensim: --games was given more than once/);
  }, 60_000);
});

describe('usage errors point to the help once', () => {
  it('no command: one line, exit 2, the help named once', () => {
    const r = sevensim();
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('sevensim: give a command (sevensim --help lists them)');
  });

  it('a missing flag: the help named once, after the message', () => {
    const r = sevensim('simulate');
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe("sevensim: Missing required arguments: game, players; see `sevensim --help` or the command's --help");
    // A message that merely contains "--help" keeps its pointer.
    expect(sevensim('simulate', '--game', 'sevn', '--players', 'ev', '--my--help').stderr).toMatch(/my--help.*; see `sevensim --help`/);
  });
});

describe('names that are properties of every JavaScript object', () => {
  it.each(['__proto__', 'constructor', 'toString'])('--preset %s is an unknown preset', (name) => {
    oneLine(sevensim('rules', '--game', 'sevn', '--preset', name), new RegExp(`^sevensim: unknown SEVN preset "${name}" \\(presets: `));
  });

  it('a strategy parameter named __proto__ is unknown, not ignored', () => {
    oneLine(sevensim('simulate', '--game', 'sevn', '--players', 'stay-at:__proto__=1', '--games', '10', '--quiet'), /unknown parameter "__proto__"/);
  });
});

describe('a rules file of the other game', () => {
  it('is named as such, with the --game to give', () => {
    const rules = join(tempDir('other-game'), 'f.json');
    writeFileSync(rules, JSON.stringify(sevenfallPreset('sevenfall')));
    oneLine(sevensim('simulate', '--game', 'sevn', '--rules', rules, '--players', 'stay-at', '--games', '10', '--quiet'), /--rules .*f\.json: this is a sevenfall rules file \(its "game" field\); give --game sevenfall, or a sevn rules file/);
  });
});

describe('rules that never end', () => {
  it('play --json on rules that hit maxRounds: one line, no stack trace', () => {
    const rules = join(tempDir('maxrounds'), 'r.json');
    writeFileSync(rules, JSON.stringify({ ...sevnPreset('sevn'), maxRounds: 1, target: 300 })); // a round can reach 300, stay-at's never does
    const r = sevensim('play', '--game', 'sevn', '--rules', rules, '--players', 'stay-at', 'bust-cap', '--json');
    oneLine(r, /^sevensim: SEVN game did not end within rules.maxRounds = 1 rounds .*raise maxRounds/);
  });

  it('a round whose every card goes back to the discard pile stops at a rules-derived cap, at once', () => {
    const dir = tempDir('loop');
    const sevn = sevnPreset('sevn');
    const rules = {
      ...sevn,
      numbers: [{ value: 0, copies: 4 }],
      ballast: [],
      modifiers: [],
      actions: { freeze: 0, secondChance: 2, tripleDraw: 0, crossroads: 0, storm: 0 },
      bonuses: { featherweight: { ...sevn.bonuses.featherweight, count: 0 }, heavyweight: { ...sevn.bonuses.heavyweight, count: 0 }, ladder: { ...sevn.bonuses.ladder, count: 0 } },
    };
    writeFileSync(join(dir, 'r.json'), JSON.stringify(rules));
    const t0 = performance.now();
    for (const args of [['play', '--json'], ['simulate', '--mode', 'game', '--games', '20', '--quiet', '--threads', '1']]) {
      const r = spawnSync(process.execPath, [CLI, ...args, '--game', 'sevn', '--rules', join(dir, 'r.json'), '--players', 'stay-at:points=25', 'bust-cap'], { encoding: 'utf8', timeout: 30_000, maxBuffer: 1 << 20 });
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^sevensim: a SEVN round did not end after 6 reshuffles of its discard pile \(one per card of the 6-card deck\)/);
    }
    expect(performance.now() - t0).toBeLessThan(30_000);
  }, 60_000);
});

describe('SEVENFALL rules whose score table would take minutes', () => {
  it('are refused in one line at once by every command; rules within the limit still play', () => {
    const dir = tempDir('big-table');
    const big = { ...sevenfallPreset('sevenfall'), symbols: 16, copiesPerSymbol: 10, rowSize: 12 };
    writeFileSync(join(dir, 'w8.json'), JSON.stringify({ ...big, wilds: 8 }));
    writeFileSync(join(dir, 'w4.json'), JSON.stringify({ ...big, wilds: 4 }));
    const t0 = performance.now();
    for (const args of [['simulate', '--players', 'stand', 'stand', '--games', '10', '--quiet'], ['play', '--players', 'stand', '--json'], ['solve']]) {
      // Before the limit each of these held the main thread in the score table for minutes.
      const r = spawnSync(process.execPath, [CLI, ...args, '--game', 'sevenfall', '--rules', join(dir, 'w8.json')], { encoding: 'utf8', timeout: 30_000 });
      oneLine({ code: r.status, stdout: r.stdout, stderr: r.stderr }, /^sevensim: .*w8.json: building the score table would try 23,295,000 ways of giving the wilds to the 16 symbols, at most 1,000,000 are supported/);
    }
    expect(performance.now() - t0).toBeLessThan(30_000);
    const ok = sevensim('simulate', '--game', 'sevenfall', '--rules', join(dir, 'w4.json'), '--players', 'stand', 'stand', '--games', '20', '--threads', '1', '--quiet');
    expect(ok.code, ok.stderr).toBe(0);
  }, 90_000);
});

describe('results of other commands, and files that are not files', () => {
  it('merge of a compare directory says what it is', () => {
    const out = join(tempDir('merge-compare'), 'c');
    expect(sevensim('compare', '--game', 'sevn', '--a', 'stay-at', '--b', 'bust-cap', '--games', '200', '--out', out, '--quiet').code).toBe(0);
    oneLine(sevensim('merge', out, '--out', join(out, '..', 'm')), /^sevensim: merge: .*c holds a compare result; merge combines the --out directories of `simulate --shard` runs/);
  }, 60_000);

  it('--review /dev/zero, a FIFO as --rules, and either as track --load are refused at once', () => {
    oneLine(sevensim('advise', '--review', '/dev/zero'), /^sevensim: --review \/dev\/zero: a device, not a regular file; give a file/);
    const fifo = join(tempDir('fifo-rules'), 'rules.json');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    oneLine(sevensim('rules', '--game', 'sevn', '--rules', fifo), /--rules .*rules.json: a FIFO, not a regular file; give a file/);
    // The other flag that reads a file the user names: track --load (it read a FIFO or /dev/zero forever).
    oneLine(sevensim('track', '--load', fifo), /^sevensim: --load .*rules.json: a FIFO, not a regular file; give a file$/m);
    oneLine(sevensim('track', '--load', '/dev/zero'), /^sevensim: --load \/dev\/zero: a device, not a regular file; give a file$/m);
  });
});

describe('signals stay answered to the end of a run', () => {
  it('a second Ctrl-C during the first one\'s cleanup is absorbed (it killed the process, leaving a temporary file)', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      let listening = -1;
      await expect(
        interruptible('no result files were written', async (signal) => {
          process.emit('SIGINT');
          listening = process.listenerCount('SIGINT'); // still handled while the work cleans up
          throw signal.reason;
        }),
      ).rejects.toThrow('exit 130');
      expect(listening).toBeGreaterThan(0);
      // A signal after the results were put in place: the truth, and exit 0 (the run succeeded).
      await expect(
        interruptible('x', async () => {
          process.emit('SIGTERM');
          return 1;
        }),
      ).rejects.toThrow('exit 0');
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toMatch(/terminated after the run was complete; its results are in place/);
    } finally {
      exit.mockRestore();
      stderr.mockRestore();
    }
  });
});

describe('review checks the file as it replays it, and refuses flags it does not use', () => {
  it('both games: too many seats, null turns or events, a bad seed, an unknown strategy, a flag that does not apply', async () => {
    const dir = tempDir('review-checks');
    const cases: [string, (r: Record<string, unknown>) => object, RegExp][] = [
      ['seats', (r) => ({ ...r, players: new Array(12).fill((r.players as string[])[0]) }), /^sevensim: --review: the file's players: \w+ takes 1 to 8 players, got 12$/m],
      ['null', (r) => (r.turns ? { ...r, turns: (r.turns as unknown[]).map((t, i) => (i === 1 ? null : t)) } : { ...r, events: (r.events as unknown[]).map((t, i) => (i === 1 ? null : t)) }), /^sevensim: --review: replaying the file's seed and strategies does not give its (turns|events)/],
      ['seed', (r) => ({ ...r, seed: 'abc' }), /^sevensim: --review: the file has no integer seed/],
      ['strategy', (r) => ({ ...r, players: ['nope', (r.players as string[])[1]] }), /^sevensim: --review: the file's players: unknown \w+ strategy "nope"/],
    ];
    for (const [game, players, flag] of [['sevenfall', ['greedy', 'stand'], '--rollouts'], ['sevn', ['stay-at', 'bust-cap'], '--hand']] as const) {
      const entry = catalogEntry(game);
      const record = (await entry.record!(entry.game.preset(entry.game.defaultPreset), players, 3)) as unknown as Record<string, unknown>;
      for (const [, edit, message] of cases) {
        // In-process (the CLI prints a UserError's message as `sevensim: ...` and exits 2).
        const e = await entry.advise!.review!(edit(record) as never, { seat: 0, seed: 1, objective: 'ev', rollouts: 8 } as never).catch((x: unknown) => x);
        expect(e).toBeInstanceOf(UserError);
        expect(`sevensim: ${(e as Error).message}`).toMatch(message);
      }
      writeFileSync(join(dir, `${game}.json`), JSON.stringify(record));
      oneLine(sevensim('advise', '--review', join(dir, `${game}.json`), flag, '5'), new RegExp(`^sevensim: ${flag} does not apply to .*${game}\\.json, a ${game} game record \\(its "game" field\\); a ${game} review takes --review, --json, --quiet, --seat`));
    }
  }, 120_000);
});
