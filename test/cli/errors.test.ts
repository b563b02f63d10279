/** Bad input: a clear message, exit code 2, and nothing written. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listDir, tempDir } from '../helpers/dirs.js';
import { sevensim, sevensimAsync, waitUntil } from '../helpers/cli.js';

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
    ['an unknown game', ['simulate', '--game', 'poker', '--players', 'stand'], /Invalid values: Argument: game, Given: "poker", Choices: "sevenfall", "sevn"; see `sevensim --help`/],
    ['a missing required flag', ['compare', '--game', 'sevenfall', '-a', 'stand'], /Missing required argument: b; see/],
    ['--per-game without --out', [...sim, '--players', 'stand', '--per-game'], /--per-game writes games.arrow, so it needs --out DIR/],
  ])('%s', (_what, args, message) => {
    const r = sevensim(...(args as string[]));
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
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

  it.each([
    ['SIGINT', 130, 'interrupted'],
    ['SIGTERM', 143, 'terminated'],
  ] as const)('%s stops a run cleanly: exit %i, no result files, the previous result intact', async (signal, exit, word) => {
    const out = tempDir('signal');
    expect(sevensim(...sim, '--players', 'stand', '--games', '100', '--out', out).code).toBe(0);
    const before = listDir(out).map((f) => [f, readFileSync(join(out, f))] as const);
    const child = sevensimAsync(...sim, '--players', 'greedy', '--games', '100000000', '--out', out, '--force', '--per-game', '--threads', '1');
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    // Signal once the run is writing (its temporary games.arrow exists), not while node is starting.
    await waitUntil(child, () => listDir(out).some((f) => f.endsWith('.tmp')), 'a temporary file in --out');
    child.kill(signal);
    const code = await new Promise((r) => child.on('exit', r));
    expect(code).toBe(exit);
    expect(stderr).toBe(`sevensim: ${word}; no result files were written\n`);
    expect(listDir(out)).toEqual(before.map(([f]) => f));
    for (const [f, bytes] of before) expect(readFileSync(join(out, f)).equals(bytes), f).toBe(true);
  }, 60_000);

  it('SIGINT after a checkpoint: the message says --resume continues, and what stays in --out for it and how large', async () => {
    const out = join(tempDir('signal-kept'), 'run');
    const child = sevensimAsync(...sim, '--players', 'greedy', '--games', '100000000', '--out', out, '--per-game', '--threads', '1', '--checkpoint-seconds', '0');
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    await waitUntil(child, () => existsSync(join(out, '.checkpoint.json')), 'a checkpoint in --out');
    child.kill('SIGINT');
    expect(await new Promise((r) => child.on('exit', r))).toBe(130);
    const kept = listDir(out);
    expect(kept).toContain('.checkpoint.json');
    expect(stderr).toMatch(new RegExp(`^sevensim: interrupted; no result files were written; \`sevensim simulate --resume ${out}\` continues from the last checkpoint \\(it and the partial files it keeps, [\\d.]+ (kB|MB), stay in ${out} for that; a new run there with --force discards them\\)\n$`));
  }, 60_000);

  it('every command explains its flags and defaults in --help', () => {
    for (const cmd of ['rules', 'strategies', 'play', 'simulate', 'merge', 'bench', 'study']) {
      const r = sevensim(cmd, '--help');
      expect(r.code, cmd).toBe(0);
      expect(r.stdout, cmd).toMatch(/--help/);
    }
    expect(sevensim('simulate', '--help').stdout).toMatch(/--games[\s\S]*\[default: 100000\]/);
    // --preset names every preset of every game (the catalog's lists).
    const help = sevensim('tune', '--help').stdout.replace(/\s+/g, ' ');
    for (const [game, presets] of [['sevn', ['sevn', 'flip7', 'sevn-numbers', 'flip7-numbers']], ['sevenfall', ['sevenfall', 'sevenfall-6x6']]] as const) {
      expect(help).toContain(`${game}: ${presets.join(', ')}`);
    }
  }, 60_000);
});

describe('every command fails on bad input with one line and exit 2 (process level)', () => {
  const cmp = ['compare', '--game', 'sevenfall', '--a', 'greedy', '--b', 'stand', '--quiet'];
  it.each([
    ['rules: an unknown preset', ['rules', '--game', 'sevn', '--preset', 'nope'], /^sevensim: unknown SEVN preset "nope" \(presets: /],
    ['strategies: an unknown game', ['strategies', '--game', 'poker'], /Argument: game, Given: "poker"/],
    ['play: a seed that is not a number', ['play', '--game', 'sevn', '--players', 'stay-at', '--seed', 'abc'], /^sevensim: --seed: expected a number, got "abc"\n$/],
    ['simulate: --games 1e20', [...sim, '--players', 'stand', '--games', '1e20'], /^sevensim: --games: expected a whole number from 1 to 2\^53 - 1 \(9,007,199,254,740,991\), got 1e\+20\n$/],
    ['simulate: --games abc', [...sim, '--players', 'stand', '--games', 'abc'], /^sevensim: --games: expected a number, got "abc"\n$/],
    ["simulate: --out ''", [...sim, '--players', 'stand', '--out', ''], /^sevensim: --out: expected a path, got an empty string\n$/],
    ['simulate: --out twice', [...sim, '--players', 'stand', '--out', 'a', '--out', 'b'], /^sevensim: --out was given more than once; give it once\n$/],
    ['simulate: --out under /proc', [...sim, '--players', 'stand', '--out', '/proc/sevensim-out'], /^sevensim: --out \/proc\/sevensim-out: cannot write there \(ENOENT\); choose a writable directory\n$/],
    ['simulate: --threads 0', [...sim, '--players', 'stand', '--threads', '0'], /^sevensim: --threads: expected a whole number from 1 to 256 \(more than the cores here are lowered to their number\), got 0\n$/],
    ['simulate: --resume of a directory without a checkpoint', ['simulate', '--resume', '/nonexistent'], /^sevensim: --resume \/nonexistent: no interrupted simulate run to continue here\n$/],
    ['merge: a directory that is not a run', ['merge', '/nonexistent', '--out', '/nonexistent2'], /^sevensim: \/nonexistent: no run.json here/],
    ['merge: no directories', ['merge', '--out', '/nonexistent2'], /Not enough non-option arguments/],
    ['bench: --threads 0', ['bench', '--threads', '0'], /^sevensim: --threads: expected a whole number from 1 to 256 \(more than the cores here are lowered to their number\), got 0\n$/],
    ['bench: --seconds -1', ['bench', '--seconds', '-1'], /^sevensim: --seconds: expected a positive number, got -1\n$/],
    ['compare: --chunk-size 0 (it hung)', [...cmp, '--chunk-size', '0'], /^sevensim: --chunk-size: expected a whole number from 1 to 16,777,216, got 0\n$/],
    ['compare: --games abc', [...cmp, '--games', 'abc'], /^sevensim: --games: expected a number, got "abc"\n$/],
    ['compare: a malformed --sprt', [...cmp, '--sprt', '1'], /^sevensim: --sprt 1: expected two different numbers d0,d1/],
    ['solve: an unknown objective', ['solve', '--game', 'sevenfall', '--objective', 'best'], /^sevensim: objective "best": expected "ev"/],
    ["solve: --out ''", ['solve', '--game', 'sevn', '--out', ''], /^sevensim: --out: expected a path, got an empty string\n$/],
    ['bust-table: a card the deck lacks', ['bust-table', '--game', 'sevn', '--held', '99'], /^sevensim: --held 99: the deck of rules "sevn" has no number card 99/],
    ['bust-table: --band 0', ['bust-table', '--game', 'sevn', '--rounds', '0', '--band', '0'], /^sevensim: --band: expected a whole number from 1 to 2\^53 - 1 \(9,007,199,254,740,991\), got 0\n$/],
    ['bust-table: --drop-below -1', ['bust-table', '--game', 'sevn', '--rounds', '0', '--drop-below', '-1'], /^sevensim: --drop-below: expected a number in \[0, 0.01\], got -1\n$/],
    ['study: --games 0', ['study', '--games', '0', '--out', '/nonexistent/x'], /^sevensim: --games: expected a whole number from 1 to 2\^53 - 1 .*, got 0\n$/],
  ])('%s', (_what, args, message) => {
    const r = sevensim(...(args as string[]));
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('-h is help; bust-table --held -2,13 reads -2 as a kept Ballast; --threads past the cores is capped with a warning', () => {
    for (const args of [['-h'], ['simulate', '-h']]) {
      const r = sevensim(...args);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/--help/);
    }
    const held = sevensim('bust-table', '--game', 'sevn', '--held', '-2,13');
    expect(held.stderr).toBe('');
    expect(held.stdout).toMatch(/row holding 13, -2;/);
    // A modifier held is named in the row's line, and is off the unseen cards (120 - 3 held).
    expect(sevensim('bust-table', '--game', 'sevn', '--held', '13 12 +4').stdout).toMatch(/row holding 12, 13 and 1 modifier or bonus card; 117 unseen cards, 23 of them/);
    const r = sevensim(...sim, '--players', 'stand', '--games', '100', '--threads', '256', '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^sevensim: warning: --threads 256: using \d+, the number of cores here/);
    expect(JSON.parse(r.stdout).threads).toBeLessThan(256);
  }, 60_000);

  it('strategies --game sevn ends with a SEVN example; study --json prints one JSON document', () => {
    expect(sevensim('strategies', '--game', 'sevn').stdout).toMatch(/\(e\.g\. stay-at:points=\d+\)\.\n$/);
    expect(sevensim('strategies', '--game', 'sevenfall').stdout).toMatch(/\(e\.g\. greedy:margin=[\d.]+\)\.\n$/);
    const out = tempDir('study');
    const r = sevensim('study', '--games', '400', '--json', '--quiet', '--threads', '1', '--out', out);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.parts.map((p: { part: string }) => p.part)).toEqual(['sevenfall-turn', 'sevenfall-game', 'sevn-round', 'sevn-game']);
    expect(j.parts[2]).toMatchObject({ game: 'sevn', mode: 'round', games: 400 });
  }, 120_000);

  it('study --out refuses a directory that holds another result at once, before playing anything', () => {
    const out = tempDir('study-used');
    expect(sevensim(...sim, '--players', 'stand', '--games', '100', '--out', out).code).toBe(0);
    const before = listDir(out);
    const t0 = performance.now();
    const r = sevensim('study', '--games', '100000', '--quiet', '--threads', '1', '--out', out);
    expect(r.stderr).toMatch(/^sevensim: --out .*: already holds results \(run.json, scores.arrow\); choose another directory \(study has no --force\)\n$/);
    expect(r.code).toBe(2);
    expect(performance.now() - t0).toBeLessThan(30_000); // 100,000 games in each of four parts would take minutes
    expect(listDir(out)).toEqual(before);
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

describe('rules that cannot finish a game', () => {
  const rulesFile = (change: (r: Record<string, unknown>) => void): string => {
    const r = JSON.parse(sevensim('rules', '--game', 'sevn', '--preset', 'sevn-numbers', '--json').stdout);
    change(r);
    const file = join(tempDir('unfinishable'), 'rules.json');
    writeFileSync(file, JSON.stringify(r));
    return file;
  };

  it.each([
    // Reachable in 50 rounds in principle (a round can score up to 108 here), never by these strategies.
    ['target 5000 (maxRounds 50)', (r: Record<string, unknown>) => Object.assign(r, { target: 5000, maxRounds: 50 })],
    ['a deck with a single number card, a 0', (r: Record<string, unknown>) => Object.assign(r, { numbers: [{ value: 0, copies: 1 }], maxRounds: 50 })],
  ])('%s: simulate and compare end with one line naming the rule, exit 2; play prints what it played', (_what, change) => {
    const file = rulesFile(change);
    const out = tempDir('unfinishable-out');
    const s = sevensim('simulate', '--game', 'sevn', '--rules', file, '--mode', 'game', '--players', 'stay-at', 'stay-at', '--games', '20', '--quiet', '--out', out);
    expect(s.stderr).toMatch(/^sevensim: SEVN game did not end within rules.maxRounds = 50 rounds \(players: .*\): these rules and strategies do not finish a game; raise maxRounds, lower target or check the deck in the rules file\n$/);
    expect(s.code).toBe(2);
    expect(listDir(out)).toEqual([]);
    const c = sevensim('compare', '--game', 'sevn', '--rules', file, '--mode', 'game', '--a', 'stay-at', '--b', 'bust-cap', '--field', 'stay-at', '--games', '20', '--quiet');
    expect(c.stderr).toMatch(/^sevensim: SEVN game did not end within rules.maxRounds = 50 rounds/);
    expect(c.code).toBe(2);
    const p = sevensim('play', '--game', 'sevn', '--rules', file, '--players', 'stay-at', 'stay-at');
    expect(p.stdout).toMatch(/== Round 50,[\s\S]*seat 1 /);
    expect(p.stderr).toMatch(/^sevensim: SEVN game did not end within rules.maxRounds = 50 rounds/);
    expect(p.code).toBe(2);
  }, 60_000);
});
