/**
 * Strategies from files (`--plugin FILE`, SEVENSIM_PLUGINS): listed by `strategies`, played in the main
 * thread and in workers (the same results on 1 and 2 threads), usable by every command that takes
 * strategies; a bad plugin gets one line naming the file and the problem, exit code 2.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sevensim } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';

const dir = tempDir('plugins');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A plugin file in the temporary directory. */
function plugin(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const GOOD = plugin(
  'plain.mjs',
  `const lowest = (v) => 31 - Math.clz32(v.candidates & -v.candidates);
export default {
  game: 'sevn',
  name: 'plain',
  doc: 'Stays at points; every card choice the lowest legal answer.',
  params: [{ name: 'points', type: 'int', min: 0, max: 200, default: 30, doc: 'stay at this round score' }],
  create: (params) => ({
    drawOrStay: (v) => (v.points >= params.points ? 0 : 1),
    freezeTarget: lowest, tripleDrawTarget: lowest, secondChanceTo: lowest,
    crossroads: () => 0, ballast: () => 0,
  }),
};
`,
);

const one = (r: { code: number | null; stderr: string }): string => {
  expect(r.code).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0];
};

describe('--plugin', () => {
  it('lists the plugin strategy with its file', () => {
    const r = sevensim('strategies', '--game', 'sevn', '--plugin', GOOD);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`plain: Stays at points; every card choice the lowest legal answer. (plugin ${GOOD})`);
    expect(r.stdout).toMatch(/points=30 \(int in \[0, 200\]\)/);
  });

  it('plays in workers: simulate gives the same scores on 1 and 2 threads, and the plugin differs from a built-in', () => {
    const run = (threads: string) => sevensim('simulate', '--game', 'sevn', '--players', 'plain:points=20', 'ev', '--games', '400', '--chunk-size', '50', '--threads', threads, '--quiet', '--plugin', GOOD, '--json');
    const [a, b] = [run('1'), run('2')];
    expect(a.code).toBe(0);
    const seats = (r: { stdout: string }) => JSON.parse(r.stdout).seats;
    expect(seats(b)).toEqual(seats(a));
    expect(seats(a)[0].strategy).toBe('plain:points=20');
  }, 120_000);

  it('is usable by tournament (through SEVENSIM_PLUGINS), compare, tune, advise and play', () => {
    const t = sevensimEnv({ SEVENSIM_PLUGINS: GOOD }, 'tournament', '--game', 'sevn', '--players', 'plain', 'stay-at', '--games', '20', '--threads', '2', '--quiet');
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/plain/);
    const p = ['--plugin', GOOD];
    expect(sevensim('compare', '--game', 'sevn', '--a', 'plain', '--b', 'stay-at', '--games', '100', '--threads', '1', ...p).code).toBe(0);
    const tune = sevensim('tune', '--game', 'sevn', '--strategy', 'plain', '--param', 'points=20:40:10', '--field', 'stay-at', '--budget', '8000', '--threads', '1', '--quiet', ...p);
    expect(tune.stderr).toBe('');
    expect(tune.stdout).toMatch(/plain:points=/);
    const advise = sevensim('advise', '--game', 'sevn', '--row', '5 8', '--totals', '100,120', '--at-stake', '9 4', '--field', 'plain', '--then', 'plain', '--rollouts', '20', ...p);
    expect(advise.code).toBe(0);
    const play = sevensim('play', '--game', 'sevn', '--players', 'plain', 'ev', '--json', ...p);
    expect(play.code).toBe(0);
    expect(JSON.stringify(JSON.parse(play.stdout))).toContain('"plain"');
  }, 120_000);

  it('runs the complete plugin strategies/README.md shows', () => {
    const readme = readFileSync(new URL('../../strategies/README.md', import.meta.url), 'utf8');
    const block = /```js\n(\/\/ my-bot\.mjs[\s\S]*?)```/.exec(readme)![1];
    const file = plugin('my-bot.mjs', block);
    const list = sevensim('strategies', '--game', 'sevn', '--plugin', file);
    expect(list.stdout).toContain(`my-bot: Stays at points, or at 5 distinct values; every card choice the lowest legal answer. (plugin ${file})`);
    const r = sevensim('simulate', '--game', 'sevn', '--plugin', file, '--players', 'my-bot:points=25', 'ev', '--games', '200', '--threads', '1', '--quiet');
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/my-bot:points=25/);
  }, 120_000);

  it('check-strategy passes a good plugin and prints one line per failed check of a bad one, exit 1', () => {
    const good = sevensim('check-strategy', GOOD);
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/^ok {4}sevn: legal, deterministic, read-only answers/m);
    expect(good.stdout).toMatch(/^ok {4}sevn: the same with points=200/m);
    expect(good.stdout).toMatch(/x stay-at's [\d,]+ when asked every question as a plugin is \([\d,]+ with the engine answering stay-at's questions itself/);
    expect(good.stdout).toMatch(/plain: every check passed/);
    const bad = plugin(
      'bad.mjs',
      `const lowest = (v) => 31 - Math.clz32(v.candidates & -v.candidates);
export default {
  game: 'sevn', name: 'bad', doc: 'Writes to its view; at cut=0 answers by Math.random.',
  params: [{ name: 'cut', type: 'int', min: 0, max: 1, default: 1, doc: '' }],
  create: (p) => ({
    drawOrStay: (v) => { if (p.cut === 1) { v.totals[0] = 99; return 0; } return Math.random() < 0.5 ? 0 : 1; },
    freezeTarget: lowest, tripleDrawTarget: lowest, secondChanceTo: lowest, crossroads: () => 0, ballast: () => 0,
  }),
};
`,
    );
    const r = sevensim('check-strategy', bad);
    expect(r.code).toBe(1);
    const fails = r.stdout.split('\n').filter((l) => l.startsWith('FAIL'));
    expect(fails).toHaveLength(3); // the default (cut=1), cut=1 again, and cut=0
    expect(fails[0]).toMatch(/wrote to view.totals in drawOrStay\(\)/);
    expect(fails[1]).toMatch(/cut=0 .*is not deterministic/);
    expect(r.stdout).toMatch(/bad: 3 checks failed/);
    // A SEVN strategy declared as SEVENFALL's: named as such, not as the engine's TypeError.
    const wrong = plugin('wrong-game.mjs', readFileSync(GOOD, 'utf8').replace("game: 'sevn'", "game: 'sevenfall'").replace("name: 'plain'", "name: 'plain-sf'"));
    const w = sevensim('check-strategy', wrong);
    expect(w.code).toBe(1);
    expect(w.stdout).toMatch(/^FAIL {2}sevenfall: legal, deterministic, read-only answers .*: strategy "plain-sf" \(plugin .*\): create\(\) returned no decide\(view\), which every sevenfall strategy answers with \(is its game field "sevenfall" the game it was written for\?\)$/m);
  }, 120_000);

  it('refuses a bad plugin with one line naming the file and the problem', () => {
    const run = (file: string) => one(sevensim('strategies', '--game', 'sevn', '--plugin', file));
    const missing = join(dir, 'nope.mjs');
    expect(run(missing)).toBe(`sevensim: plugin ${missing}: no such file (give the path of an ES module, e.g. my-bot.mjs)`);
    expect(run(dir)).toBe(`sevensim: plugin ${dir}: not a regular file (a directory, pipe or device cannot be imported; give the path of an ES module, e.g. my-bot.mjs)`);
    const throws = plugin('throws.mjs', "throw new Error('boom at import');\n");
    expect(run(throws)).toBe(`sevensim: plugin ${throws}: failed to load: boom at import`);
    const nothing = plugin('nothing.mjs', 'export const x = 1;\n');
    expect(run(nothing)).toMatch(new RegExp(`^sevensim: plugin ${nothing}: has no default export`));
    const five = plugin('five.mjs', 'export default 5;\n');
    expect(run(five)).toBe(`sevensim: plugin ${five}: its default export is a number, not a strategy definition (export default { game, name, doc, params, create })`);
    const noGame = plugin('no-game.mjs', "export default { name: 'x', doc: '', params: [], create: () => ({}) };\n");
    expect(run(noGame)).toMatch(/has no "game" field/);
    const badParam = plugin('bad-param.mjs', "export default { game: 'sevn', name: 'x', doc: '', params: [{ name: 'p', type: 'int', min: 0, max: 5, default: 9, doc: '' }], create: () => ({}) };\n");
    expect(run(badParam)).toMatch(/parameter p: its default 9 is not an integer in \[0, 5\]/);
    const clash = plugin('clash.mjs', "export default { game: 'sevn', name: 'ev', doc: '', params: [], create: () => ({}) };\n");
    expect(run(clash)).toBe(`sevensim: plugin ${clash}: strategy "ev" clashes with the built-in sevn strategy of that name; rename it`);
    const unknownGame = plugin('unknown-game.mjs', "export default { game: 'chess', name: 'x', doc: '', params: [], create: () => ({}) };\n");
    expect(run(unknownGame)).toMatch(/unknown game "chess"/);
    // Parameter lists a strategy spec could not give, or that say one thing twice.
    const enumComma = plugin('enum-comma.mjs', "export default { game: 'sevn', name: 'x', doc: '', params: [{ name: 'mode', type: 'enum', values: ['a,b', 'e'], default: 'e', doc: '' }], create: () => ({}) };\n");
    expect(run(enumComma)).toBe(`sevensim: plugin ${enumComma}: strategy "x": parameter mode: value "a,b" cannot be written in a strategy spec (give non-empty text without "," or "=")`);
    const enumEq = plugin('enum-eq.mjs', "export default { game: 'sevn', name: 'x', doc: '', params: [{ name: 'mode', type: 'enum', values: ['c=d', 'e'], default: 'e', doc: '' }], create: () => ({}) };\n");
    expect(run(enumEq)).toMatch(/value "c=d" cannot be written in a strategy spec/);
    const twice = plugin('twice.mjs', "export default { game: 'sevn', name: 'x', doc: '', params: [{ name: 'p', type: 'int', min: 0, max: 5, default: 1, doc: '' }, { name: 'p', type: 'int', min: 0, max: 9, default: 2, doc: '' }], create: () => ({}) };\n");
    expect(run(twice)).toBe(`sevensim: plugin ${twice}: strategy "x": parameter p is declared twice`);
    const games = plugin('games-twice.mjs', "export default { game: ['sevn', 'sevn'], name: 'x', doc: '', params: [], create: () => ({}) };\n");
    expect(run(games)).toBe(`sevensim: plugin ${games}: strategy "x": its "game" list names sevn twice`);
  }, 120_000);

  it('a create() that throws, returns no object or leaves out a method: one line naming the strategy, the file and what is wrong', () => {
    const base = readFileSync(GOOD, 'utf8');
    const variant = (name: string, create: string) => plugin(`${name}.mjs`, base.replace("name: 'plain'", `name: '${name}'`).replace(/create: \(params\) => \(\{[\s\S]*?\n {2}\}\),/, `create: ${create},`));
    const cases: [string, string, string][] = [
      ['create-throws', "() => { throw new Error('create failed'); }", 'failed in create(): create failed'],
      ['create-null', '() => null', 'create() returned null, not a strategy object'],
      ['create-partial', '() => ({ drawOrStay: () => 0, freezeTarget: () => 0, secondChanceTo: () => 0, crossroads: () => 0, ballast: () => 0 })', 'create() returned no tripleDrawTarget(view), which every sevn strategy answers with (is its game field "sevn" the game it was written for?)'],
    ];
    for (const [name, create, why] of cases) {
      const file = variant(name, create);
      const r = sevensim('simulate', '--game', 'sevn', '--plugin', file, '--players', name, 'ev', '--games', '20', '--threads', '1');
      expect(r.code, name).toBe(1);
      const sep = why.startsWith('failed') ? ' ' : ': ';
      expect(r.stderr, name).toBe(`sevensim: strategy "${name}" (plugin ${file})${sep}${why} (SEVENSIM_DEBUG=1 shows where)\n`);
    }
  }, 120_000);

  it('a plugin that answers illegally or throws during a game stops the run with one line, exit 1, on 1 and 2 threads', () => {
    const illegal = plugin('illegal.mjs', readFileSync(GOOD, 'utf8').replace("name: 'plain'", "name: 'illegal'").replace('? 0 : 1)', '? 0 : 5)'));
    const throwing = plugin('throwing.mjs', readFileSync(GOOD, 'utf8').replace("name: 'plain'", "name: 'throwing'").replace('(v) => (v.points >= params.points ? 0 : 1)', "() => { throw new Error('bot bug'); }"));
    for (const threads of ['1', '2']) {
      const r = sevensim('simulate', '--game', 'sevn', '--plugin', illegal, '--players', 'illegal', 'ev', '--games', '200', '--threads', threads);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe('sevensim: strategy "illegal:points=30" (seat 0) returned illegal draw-or-stay answer 5: expected 1 (draw) or 0 (stay) (SEVENSIM_DEBUG=1 shows where)\n');
      const t = sevensim('simulate', '--game', 'sevn', '--plugin', throwing, '--players', 'ev', 'throwing', '--games', '200', '--threads', threads);
      expect(t.code).toBe(1);
      expect(t.stderr).toBe(`sevensim: strategy "throwing" (plugin ${throwing}) failed in drawOrStay(): bot bug (SEVENSIM_DEBUG=1 shows where)\n`);
    }
  }, 120_000);
});

/** sevensim with extra environment variables. */
function sevensimEnv(env: Record<string, string>, ...args: string[]) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return sevensim(...args);
  } finally {
    for (const k of Object.keys(env)) if (saved[k] === undefined) delete process.env[k];
  }
}

describe('check-strategy speed baseline', () => {
  it('askedEveryQuestion drops the rules a built-in declares for the engine (the engine then asks it), answering the same', async () => {
    const { askedEveryQuestion } = await import('../../src/run/check-strategy.js');
    const { stayAt } = await import('../../strategies/sevn/stay-at.js');
    const { SevnCards } = await import('../../src/games/sevn/cards.js');
    const { sevnPreset } = await import('../../src/games/sevn/rules.js');
    const { Rng } = await import('../../src/engine/rng.js');
    const rules = sevnPreset('sevn');
    const ctx = { rules, cards: new SevnCards(rules), rng: new Rng('t') };
    const params = { points: 20, freeze: 'fewest', triple: 'exposed', ballast: 'sevn', crossroads: 'row', gift: 'fewest' } as const;
    const built = stayAt.create(params, ctx) as unknown as Record<string, { stayAtPoints?: number; choiceRule?: number }>;
    const asked = askedEveryQuestion(stayAt).create(params, ctx) as unknown as Record<string, ((v: unknown) => number) & { stayAtPoints?: number; choiceRule?: number }>;
    expect(built.drawOrStay.stayAtPoints).toBe(20);
    expect(built.freezeTarget.choiceRule).toBeGreaterThan(0);
    expect(asked.drawOrStay.stayAtPoints).toBeUndefined();
    expect(asked.freezeTarget.choiceRule).toBeUndefined();
    expect(asked.drawOrStay({ points: 19 })).toBe(1); // draws below 20 points
    expect(asked.drawOrStay({ points: 20 })).toBe(0);
    // Each declaring method heard of; methods on a prototype kept (a class instance's).
    const dropped: string[] = [];
    askedEveryQuestion(stayAt, (m) => dropped.push(m)).create(params, ctx);
    expect(dropped.sort()).toEqual(['ballast', 'crossroads', 'drawOrStay', 'freezeTarget', 'secondChanceTo', 'tripleDrawTarget']);
    class Bot {
      constructor(readonly at: number) {}
      decide(v: { n: number }): number {
        return v.n >= this.at ? 1 : 0;
      }
    }
    const fromClass = askedEveryQuestion({ name: 'c', doc: '', params: [], create: () => new Bot(3) }).create({}, ctx) as unknown as { decide(v: { n: number }): number };
    expect(fromClass.decide({ n: 3 })).toBe(1);
    expect(fromClass.decide({ n: 2 })).toBe(0);
  });

  it('the speed line: stay-at asked (its declarations dropped) beside the engine-answered figure; SEVENFALL\'s stand declares none: one figure', () => {
    const dir = tempDir('plugin-speed');
    const fall = join(dir, 'fall.mjs');
    writeFileSync(fall, "export default { game: 'sevenfall', name: 'fall-stand', doc: 'stands', params: [], create: () => ({ decide: () => 0 }) };\n");
    const r = sevensim('check-strategy', fall);
    expect(r.stdout).toMatch(/^ok {4}sevenfall: speed [\d,]+ rounds\/s in every seat of a 4-player round, [\d.]+x stand's [\d,]+ \(one thread/m);
  }, 60_000);
});
