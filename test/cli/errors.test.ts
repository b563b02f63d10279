/** Bad input: a clear message, exit code 2, and nothing written. */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listDir, tempDir } from '../helpers/dirs.js';
import { sevensim, sevensimAsync } from '../helpers/cli.js';

const sim = ['simulate', '--game', 'sevenfall', '--quiet'];

describe('the CLI rejects bad input', () => {
  it.each([
    ['an unknown strategy', [...sim, '--players', 'genius'], /unknown sevenfall strategy "genius" \(strategies: stand, greedy, random/],
    ['a bad strategy parameter', [...sim, '--players', 'greedy:margin=-1'], /margin=-1 is outside \[0, 100\]/],
    ['an unknown preset', [...sim, '--preset', 'sevenfall-9x9', '--players', 'stand'], /unknown SEVENFALL preset "sevenfall-9x9" \(presets: sevenfall, sevenfall-6x6\)/],
    ['zero games', [...sim, '--players', 'stand', '--games', '0'], /--games: expected a whole number from 1 to 2\^53 - 1 \(9,007,199,254,740,991\), got 0/],
    ['a fractional game count', [...sim, '--players', 'stand', '--games', '1.5'], /--games: expected a whole number from 1 .*, got 1.5/],
    ['too many seats', [...sim, '--players', ...new Array(9).fill('stand')], /--players: sevenfall takes 1 to 8 players, got 9/],
    ['a shard out of range', [...sim, '--players', 'stand', '--shard', '4/3'], /--shard 4\/3: i must be between 1 and N/],
    ['a malformed shard', [...sim, '--players', 'stand', '--shard', 'two'], /--shard two: expected i\/N/],
    ['--preset with --rules', [...sim, '--players', 'stand', '--preset', 'sevenfall', '--rules', 'x.json'], /either --preset or --rules/],
    ['a missing rules file', [...sim, '--players', 'stand', '--rules', '/nonexistent/r.json'], /--rules \/nonexistent\/r.json: cannot read it \(ENOENT\)/],
    ['an unknown flag', [...sim, '--players', 'stand', '--gmaes', '5'], /Unknown argument: gmaes/],
    ['an unknown game', ['simulate', '--game', 'poker', '--players', 'stand'], /Invalid values:[\s\S]*poker/],
    ['--per-game without --out', [...sim, '--players', 'stand', '--per-game'], /--per-game writes games.arrow, so it needs --out DIR/],
  ])('%s', (_what, args, message) => {
    const r = sevensim(...(args as string[]));
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });

  it('a bad rules file names the field, exits 2 and writes nothing', () => {
    const dir = tempDir('badrules');
    const file = join(dir, 'rules.json');
    writeFileSync(file, JSON.stringify({ game: 'sevenfall', symbols: 7, copiesPerSymbol: -5, wilds: 3, breaks: 2, rowSize: 7, discardBudget: 3, rounds: 5, categories: [] }));
    const out = join(dir, 'out');
    const r = sevensim(...sim, '--players', 'stand', '--rules', file, '--out', out);
    expect(r.stderr).toMatch(/rules.json.copiesPerSymbol: -5 is below the minimum 0/);
    expect(r.code).toBe(2);
    expect(existsSync(out)).toBe(false);
  });

  it('an unwritable --out is refused before any work', () => {
    const dir = tempDir('unwritable');
    writeFileSync(join(dir, 'file'), 'x');
    const r = sevensim(...sim, '--players', 'stand', '--out', join(dir, 'file', 'sub'));
    expect(r.stderr).toMatch(/--out .*file\/sub: cannot write there \(ENOTDIR\)/);
    expect(r.code).toBe(2);
    expect(listDir(dir)).toEqual(['file']);
  });

  it('Ctrl-C stops a run cleanly and leaves no files', async () => {
    const out = tempDir('sigint');
    const child = sevensimAsync(...sim, '--players', 'greedy', '--games', '100000000', '--out', out, '--per-game', '--threads', '1');
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    await new Promise((r) => setTimeout(r, 1500));
    child.kill('SIGINT');
    const code = await new Promise((r) => child.on('exit', r));
    expect(code).toBe(130);
    expect(stderr).toMatch(/interrupted; no result files were written/);
    expect(listDir(out)).toEqual([]);
  }, 30_000);

  it('every command explains its flags and defaults in --help', () => {
    for (const cmd of ['rules', 'strategies', 'play', 'simulate', 'merge', 'bench', 'study']) {
      const r = sevensim(cmd, '--help');
      expect(r.code, cmd).toBe(0);
      expect(r.stdout, cmd).toMatch(/--help/);
    }
    expect(sevensim('simulate', '--help').stdout).toMatch(/--games[\s\S]*\[default: 100000\]/);
  }, 60_000);
});

describe('the CLI on good input', () => {
  it('prints the rules file in effect as JSON that it accepts back', () => {
    const dir = tempDir('rules');
    const r = sevensim('rules', '--game', 'sevenfall', '--preset', 'sevenfall-6x6', '--json');
    expect(r.code).toBe(0);
    writeFileSync(join(dir, 'r.json'), r.stdout);
    const again = sevensim('rules', '--game', 'sevenfall', '--rules', join(dir, 'r.json'), '--json');
    expect(again.stdout).toBe(r.stdout);
  });

  it('simulate --json prints the documented fields', () => {
    const r = sevensim(...sim, '--players', 'greedy', 'stand', '--mode', 'game', '--games', '2000', '--json', '--threads', '1');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ game: 'sevenfall', preset: 'sevenfall', mode: 'game', games: 2000, seed: 1 });
    expect(j.gamesPerSecond).toBeGreaterThan(0);
    for (const s of j.seats) for (const k of ['strategy', 'mean', 'sd', 'se', 'ci95', 'winShare']) expect(s, k).toHaveProperty(k);
    expect(j.seats[0].winShare + j.seats[1].winShare).toBeCloseTo(1, 9);
  });

  it('play prints a trace with rows, discards, categories and scores', () => {
    const r = sevensim('play', '--game', 'sevenfall', '--players', 'greedy', 'stand', '--seed', '7');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Round 5/);
    expect(r.stdout).toMatch(/discards .* draws .* \(locked\)/);
    expect(r.stdout).toMatch(/= \d+ points/);
  });
});
