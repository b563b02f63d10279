/**
 * What a second new-user review found (session 13), each fixed: a failed run leaves no lock and no
 * empty directory, saving never replaces someone else's file, flags with no effect are refused, numbers
 * are decimal, a hanging plugin fails its check, hostile files get one line.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/io/output.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { CLI, sevensim, sevensimWithInput } from '../helpers/cli.js';
import { listDir, tempDir } from '../helpers/dirs.js';

const oneLine = (r: { code: number | null; stderr: string }, message: RegExp, code = 2): void => {
  expect(r.stderr).toMatch(message);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.code).toBe(code);
};

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

describe('a run refused after its --out was prepared leaves the directory as it was', () => {
  it('compare without --field and solve on a full deck: no lock left, a new directory removed again', () => {
    const root = tempDir('refused');
    const fresh = join(root, 'new', 'deeper');
    oneLine(sevensim('compare', '--game', 'sevn', '-a', 'ev', '-b', 'race', '--mode', 'game', '--games', '10', '--out', fresh), /--mode game without --field/);
    expect(listDir(root)).toEqual([]);
    oneLine(sevensim('solve', '--game', 'sevn', '--out', root, '--force'), /exact solo values need a number-only deck/);
    expect(existsSync(root) && listDir(root)).toEqual([]); // the lock went; root existed before, so it stays
  }, 60_000);

  it('rules whose target no game reaches are refused before --out is made', () => {
    const dir = tempDir('unreachable');
    const rules = join(dir, 'r.json');
    writeFileSync(rules, JSON.stringify({ ...sevnPreset('sevn-numbers'), target: 1_000_000, maxRounds: 5 }));
    oneLine(sevensim('simulate', '--game', 'sevn', '--rules', rules, '--mode', 'game', '--players', 'stay-at', 'stay-at', '--games', '10', '--out', join(dir, 'out')), /target 1000000 cannot be reached in maxRounds 5 \(a round scores at most 108/);
    expect(listDir(dir)).toEqual(['r.json']);
  }, 60_000);

  it('a lock naming a live process that is not node or sevensim (a reused pid) is stale: taken over', () => {
    const sleeper = spawn('sleep', ['60']);
    children.push(sleeper);
    const dir = tempDir('reused-pid');
    symlinkSync(String(sleeper.pid), join(dir, LOCK_FILE));
    const r = sevensim('simulate', '--game', 'sevn', '--players', 'stay-at', '--games', '100', '--threads', '1', '--quiet', '--out', dir);
    expect(r.stderr).toBe('');
    expect(listDir(dir)).toEqual(['run.json', 'scores.arrow']);
  }, 60_000);
});

describe('saving a game never replaces another file', () => {
  it('track: save to an existing file is refused and the game goes on; its own file is replaced', () => {
    const dir = tempDir('track-save');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious');
    const mine = join(dir, 'mine.json');
    const r = sevensimWithInput(`save ${victim}\n7\nsave ${mine}\n9\nsave ${mine}\nq\n`, 'track', '--seats', '2', '--me', '1');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/refused: .*victim\.txt: already exists; give another name \(it was not replaced\); the game goes on/);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(r.stdout.match(/saved to .*mine\.json/g)).toHaveLength(2);
    expect((JSON.parse(readFileSync(mine, 'utf8')) as { entries: string[] }).entries).toEqual(['7', '9']);
  }, 60_000);

  it('play --human: --save to an existing file needs --force; q alone takes a free name', () => {
    const dir = tempDir('play-save');
    const victim = join(dir, 'victim.json');
    writeFileSync(victim, '{"mine": true}');
    oneLine(sevensimWithInput('q\n', 'play', '--game', 'sevn', '--human', '0', '--players', 'ev', '--save', victim), /--save .*victim\.json: already exists; give another name, or --force to replace it/);
    expect(readFileSync(victim, 'utf8')).toBe('{"mine": true}');
    const q = () => spawnSync(process.execPath, [CLI, 'play', '--game', 'sevn', '--human', '0', '--players', 'ev', '--seed', '2'], { cwd: dir, input: 'q\n', encoding: 'utf8' });
    const first = q();
    // Stopped before the end: no review was shown, so the line does not say "again".
    expect(first.stdout).toMatch(/game saved to sevensim-sevn-seed2\.json \(stopped before its end: `sevensim advise --review sevensim-sevn-seed2\.json .*` reviews the decisions played so far\)/);
    const second = q();
    expect(second.stdout).toMatch(/game saved to sevensim-sevn-seed2-1\.json/);
    expect(readdirSync(dir).sort()).toEqual(['sevensim-sevn-seed2-1.json', 'sevensim-sevn-seed2.json', 'victim.json']);
  }, 60_000);
});

describe('flags that would do nothing are refused', () => {
  it.each([
    [['simulate', '--game', 'sevn', '--players', 'ev', '--games', '10', '--rollouts', '4'], /^sevensim: --rollouts: they set up --decisions counterfactual/],
    [['simulate', '--game', 'sevn', '--players', 'ev', '--games', '10', '--bucket', 'none'], /^sevensim: --bucket: it groups the rows of decisions\.arrow/],
    [['compare', '--game', 'sevn', '-a', 'ev', '-b', 'race', '--games', '10', '--alpha', '0.1'], /^sevensim: --alpha: they set up the SPRT/],
    [['bust-table', '--game', 'sevn', '--preset', 'sevn-numbers', '--held', '13', '--rounds', '50'], /^sevensim: --rounds: they set up the full table, which --held replaces/],
  ])('%j', (argv, message) => {
    oneLine(sevensim(...argv), message);
  }, 60_000);
});

describe('numbers are written in decimal, and limits say what they do', () => {
  it.each([
    [['simulate', '--game', 'sevn', '--players', 'stay-at:points=0x19', '--games', '10'], /points=0x19 is not an integer/],
    [['simulate', '--game', 'sevn', '--players', 'bust-cap:p=0b11', '--games', '10'], /p=0b11 is not a number/],
    [['simulate', '--game', 'sevn', '--players', 'stay-at', '--games', '0x10'], /^sevensim: --games: expected a decimal number, got "0x10"$/m],
    [['simulate', '--game', 'sevn', '--players', 'stay-at', '--games', ''], /^sevensim: --games: expected a decimal number, got ""$/m],
    [['simulate', '--game', 'sevn', '--players', 'stay-at', '--games', '10', '--threads', '1000'], /^sevensim: --threads: expected a whole number from 1 to 256/],
    [['advise', '--game', 'sevn', '--row', '5 8', '--totals', '-5,10'], /^sevensim: --totals "-5,10": "-5" is not a whole number >= 0/],
    [['tune', '--game', 'sevn', '--strategy', 'stay-at', '--param', 'points=10:30', '--objective', 'at-least:0', '--budget', '1000'], /every score is at least 0, so every candidate would score 1/],
  ])('%j', (argv, message) => {
    oneLine(sevensim(...argv), message);
  }, 60_000);

  it('1e3 games is a decimal number', () => {
    expect(sevensim('simulate', '--game', 'sevn', '--players', 'stay-at', '--games', '1e3', '--threads', '1', '--quiet').stdout).toMatch(/1,000 rounds/);
  }, 60_000);

  it('simulate --help gives each game\'s default buckets', () => {
    const help = sevensim('simulate', '--help').stdout.replace(/\s+/g, ' ');
    expect(help).toContain('default: points:20,distinct:2 for SEVN, profile,discards-left for SEVENFALL');
  });
});

describe('hostile or stale files', () => {
  it('advise --review refuses a record of another format', () => {
    const dir = tempDir('review-format');
    const file = join(dir, 'g.json');
    const record = JSON.parse(sevensim('play', '--game', 'sevn', '--players', 'ev', 'race', '--json', '--seed', '3').stdout) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...record, format: 99 }));
    oneLine(sevensim('advise', '--review', file), /a game record of format 99; this version reads format 1/);
  }, 60_000);

  it('a rules file nested 200,000 deep: one line, exit 2', () => {
    const file = join(tempDir('deep'), 'deep.json');
    writeFileSync(file, '['.repeat(200_000) + ']'.repeat(200_000));
    oneLine(sevensim('rules', '--game', 'sevn', '--rules', file), /deep\.json: expected an object, got an array nested too deeply to show/);
  }, 60_000);

  it('check-strategy: a plugin that never returns fails its check at --timeout; a throw names the strategy and method', () => {
    const dir = tempDir('plugin-hang');
    const low = 'const low = (v) => 31 - Math.clz32(v.candidates & -v.candidates);';
    const rest = 'freezeTarget: low, tripleDrawTarget: low, secondChanceTo: low, crossroads: () => 0, ballast: () => 1';
    const loop = join(dir, 'loop.mjs');
    writeFileSync(loop, `${low}\nexport default { game: 'sevn', name: 'looper', doc: 'loops', params: [], create: () => ({ drawOrStay(v) { while (v.points > 20) {} return 1; }, ${rest} }) };\n`);
    const r = sevensim('check-strategy', loop, '--timeout', '3');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAIL {2}no check ended within 3 s: the strategy seems never to return from a question/m);
    expect(r.stdout).toMatch(/looper: 1 check failed/);
    const thrower = join(dir, 'thrower.mjs');
    writeFileSync(thrower, `${low}\nexport default { game: 'sevn', name: 'thrower', doc: 'throws', params: [], create: () => ({ drawOrStay(v) { if (v.points > 10) throw new Error('boom'); return 1; }, ${rest} }) };\n`);
    const t = sevensim('check-strategy', thrower);
    expect(t.code).toBe(1);
    expect(t.stdout).toMatch(/^FAIL {2}sevn: legal, .*: strategy "thrower" \(plugin .*thrower\.mjs\) failed in drawOrStay\(\): boom$/m);
  }, 60_000);
});
