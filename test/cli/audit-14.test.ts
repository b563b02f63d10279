/**
 * What a third new-user review found (session 14), each fixed: files read back are checked against
 * their seals, a one-deal tournament claims no certainty, plugins that fail at create() are named,
 * parameter lists that break spec parsing are refused, flags with no effect are refused.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { sevensim } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';

const oneLine = (r: { code: number | null; stderr: string }, message: RegExp, code = 2): void => {
  expect(r.stderr).toMatch(message);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.code).toBe(code);
};

describe('decisions DIR reads what the run sealed', () => {
  it('refuses a decisions.arrow of another run, an edited run.json and a run.json that is not an object', () => {
    const root = tempDir('decisions-seal');
    const run = (dir: string, games: string, seed: string) =>
      expect(sevensim('simulate', '--game', 'sevn', '--mode', 'round', '--players', 'stay-at', 'ev', '--games', games, '--seed', seed, '--decisions', 'outcomes', '--out', dir, '--quiet', '--threads', '1').code).toBe(0);
    const a = join(root, 'a');
    const b = join(root, 'b');
    run(a, '1000', '1');
    run(b, '300', '9');
    expect(sevensim('decisions', a).code).toBe(0);
    copyFileSync(join(b, 'decisions.arrow'), join(a, 'decisions.arrow'));
    oneLine(sevensim('decisions', a), /decisions\.arrow: not the file its run\.json records/);
    const c = join(root, 'c');
    run(c, '300', '2');
    const manifest = readFileSync(join(c, 'run.json'), 'utf8');
    writeFileSync(join(c, 'run.json'), manifest.replace(/"games": ?300/, '"games":999999'));
    oneLine(sevensim('decisions', c), /run\.json: its content does not match its sha256/);
    writeFileSync(join(c, 'run.json'), 'null');
    oneLine(sevensim('decisions', c), /run\.json is not a sevensim manifest/);
  }, 60_000);
});

describe('tournament output that claims no more than its deals show', () => {
  it('one deal: no Elo interval and no LOS (every resample is that deal), said in a line', () => {
    const r = sevensim('tournament', '--game', 'sevn', '--players', 'stay-at', 'bust-cap', 'ev', 'race', '--games', '1', '--threads', '1', '--quiet', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    for (const x of j.ranking) {
      expect(x.elo).not.toBeNull();
      expect(x.elo_ci95).toBeNull();
      expect(x.los_next).toBeNull();
    }
    const text = sevensim('tournament', '--game', 'sevn', '--players', 'stay-at', 'bust-cap', 'ev', 'race', '--games', '1', '--threads', '1', '--quiet').stdout;
    expect(text).not.toMatch(/100\.0%/);
    expect(text).toMatch(/Elo CI and LOS -: one deal has nothing to resample/);
  }, 60_000);

  it('a head-to-head cell cut at 0 or 1 (17 characters) keeps two spaces from its neighbour', () => {
    const r = sevensim('tournament', '--game', 'sevn', '--players', 'ev', 'race', 'bust-cap', '--table-size', '2', '--games', '3', '--threads', '1', '--quiet');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('head to head'));
    const rows = lines.slice(at + 1).filter((l) => /^ \d  /.test(l));
    expect(rows).toHaveLength(3);
    expect(lines.slice(at).some((l) => /\d\.\d{3}\+\d\.\d{3}-\d\.\d{3}/.test(l))).toBe(true); // a cut cell is there
    // Each row: its number, the strategy and three cells, every one apart from the next.
    for (const row of rows) expect(row.trim().split(/\s{2,}/), row).toHaveLength(5);
  }, 60_000);
});

describe('flags with no effect are refused, as their siblings are', () => {
  it('play --hint-rollouts and --review-rollouts without --human; --checkpoint-seconds without --out; solve --table with --json', () => {
    oneLine(sevensim('play', '--game', 'sevn', '--players', 'ev', '--hint-rollouts', '5'), /^sevensim: --hint-rollouts: for --human SEAT only/);
    oneLine(sevensim('play', '--game', 'sevn', '--players', 'ev', '--review-rollouts', '5'), /^sevensim: --review-rollouts: for --human SEAT only/);
    for (const cmd of [
      ['simulate', '--game', 'sevn', '--players', 'ev', '--games', '10'],
      ['tune', '--game', 'sevn', '--strategy', 'stay-at', '--param', 'points=18:22', '--budget', '8000'],
      ['tournament', '--game', 'sevn', '--players', 'ev', 'race', '--games', '2'],
    ]) {
      oneLine(sevensim(...cmd, '--checkpoint-seconds', '5'), /^sevensim: --checkpoint-seconds: checkpoints are written to --out; give --out DIR, or remove it\n$/);
    }
    oneLine(sevensim('solve', '--game', 'sevenfall', '--players', '2', '--objective', 'win', '--table', '--json'), /^sevensim: --table prints the win-share table as text, not with --json/);
    // yargs reads --checkpointSeconds as --checkpoint-seconds: refused the same.
    oneLine(sevensim('simulate', '--game', 'sevn', '--players', 'ev', '--games', '10', '--checkpointSeconds', '3'), /^sevensim: --checkpoint-seconds: checkpoints are written to --out/);
    oneLine(sevensim('play', '--game', 'sevn', '--players', 'ev', '--hintRollouts', '5'), /^sevensim: --hint-rollouts: for --human SEAT only/);
    // One player: the win table's own refusal comes first.
    oneLine(sevensim('solve', '--game', 'sevenfall', '--table', '--json'), /^sevensim: --table: prints the 2-player win table; give --players 2 --objective win/);
    // The default needs no --out: a plain run still goes.
    expect(sevensim('simulate', '--game', 'sevn', '--players', 'ev', '--games', '10', '--threads', '1').code).toBe(0);
  }, 60_000);
});

describe('bust-table with nothing to show', () => {
  it('--rounds 0 for a strategy with no exact column is refused, and no --out is left behind', () => {
    const root = tempDir('bust-empty');
    const out = join(root, 'bt');
    oneLine(sevensim('bust-table', '--game', 'sevn', '--preset', 'sevn-numbers', '--rounds', '0', '--strategy', 'ev', '--out', out), /^sevensim: --rounds 0 turns the simulation off, and there is no exact column \(ev declares no solo draw rule/);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});

describe('report reads every output the docs say it reads', () => {
  it('the 2-player win solve (solve --players 2 --objective win --out): a chart, and the figures solve prints', () => {
    const root = tempDir('report-solve-win');
    const solved = join(root, 'solve');
    const s = sevensim('solve', '--game', 'sevenfall', '--players', '2', '--objective', 'win', '--out', solved, '--json');
    expect(s.code).toBe(0);
    const both = JSON.parse(s.stdout).bothOptimal;
    const r = sevensim('report', solved, '--out', join(root, 'report'));
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(join(root, 'report', 'report.html'), 'utf8');
    expect(html).toContain("SEVENFALL, 2 players: seat 0's win share by the score difference");
    expect(html).toContain(both.seat0Win.toFixed(6));
    expect(html).toContain((1 - both.seat0Win - both.tie).toFixed(6));
  }, 120_000);
});

describe('files read back name the field that is wrong', () => {
  it('track --load with "seats": "2" (text, not a number) says so', () => {
    const root = tempDir('track-seats');
    const file = join(root, 't.json');
    writeFileSync(file, JSON.stringify({ format: 1, kind: 'sevn-track', rules: sevnPreset('sevn'), seats: '2', me: 0, entries: [] }));
    oneLine(sevensim('track', '--load', file), /^sevensim: --load .*t\.json: its "seats" "2": a SEVN table seats 2 to 8 \(a whole number\)\n$/);
  }, 60_000);
});

