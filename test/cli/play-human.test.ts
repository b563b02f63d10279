/**
 * `play --human`: the line protocol through the CLI (scripted stdin), the game a person plays against
 * the game the engine plays with the same answers from a bot, reproducibility, EOF and `q`, refusals,
 * and the game objects at hand-checkable positions.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SevenfallHumanGame } from '../../src/games/sevenfall/analyses/human-game.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { SevnHumanGame } from '../../src/games/sevn/analyses/human-game.js';
import { inRollouts } from '../../src/games/sevn/analyses/rollout-defaults.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import type { SevenfallGameRecord } from '../../src/games/sevenfall/analyses/record.js';
import type { SevnGameRecord } from '../../src/games/sevn/analyses/record.js';

/** Either game's record (a test reads the fields of the game it played). */
type GameRecord = SevnGameRecord & SevenfallGameRecord;
import { SEVENFALL_STRATEGIES } from '../../strategies/sevenfall/index.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { spawn } from 'node:child_process';
import { CLI, sevensim, sevensimWithInput } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';

const readRecord = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as GameRecord;

describe('play --human: the line protocol (stdin not a terminal)', () => {
  it('SEVN: answering as a bot did gives the bot\'s game, event for event (number-only deck: only draw or stay is asked)', () => {
    const bot = JSON.parse(sevensim('play', '--game', 'sevn', '--preset', 'sevn-numbers', '--players', 'stay-at:points=20', 'race', '--seed', '5', '--json').stdout) as GameRecord;
    // Seat 0's draws and stays, in order, as the person's answers (dealt cards are not decisions).
    const answers = bot.events!.filter((e) => e.seat === 0 && (e.event === 'draw' || e.event === 'stay')).map((e) => (e.event === 'draw' ? 'd' : 'stay'));
    expect(answers.length).toBeGreaterThan(10);
    const dir = tempDir('human');
    const file = join(dir, 'game.json');
    const r = sevensimWithInput(answers.join('\n') + '\n', 'play', '--game', 'sevn', '--preset', 'sevn-numbers', '--human', '0', '--players', 'race', '--seed', '5', '--save', file, '--review-rollouts', '20');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const mine = readRecord(file);
    expect(mine.events).toEqual(bot.events);
    expect(mine.totals).toEqual(bot.totals);
    expect(mine.winShare).toEqual(bot.winShare);
    expect(mine.players).toEqual(['human', 'race']);
    expect(mine.human!.answers).toEqual(answers.map((a) => (a === 'd' ? 1 : 0)));
    expect(mine.finished).toBeUndefined();
    // The end-of-game review of the person's seat, every draw-or-stay decision.
    expect(r.stdout).toContain(`Seat 0 (human): ${answers.length} draw-or-stay decisions`);
    expect(r.stdout).toMatch(/Game over after \d+ rounds/);
    // advise --review replays the person's answers from the file; the command the save line gives prints the review just shown.
    const command = `sevensim advise --review ${file} --seat 0 --rollouts 20 --seed 5`;
    expect(r.stdout).toContain(`game saved to ${file} (\`${command}\` gives this review again; another --seat reviews that seat)`);
    const review = sevensim(...command.split(' ').slice(1));
    expect(review.code).toBe(0);
    expect(review.stdout).toContain(`${answers.length} draw-or-stay decisions`);
    expect(r.stdout).toContain(review.stdout.trim());
  });

  it('SEVN: a wrong answer is refused with the legal ones and asked again; empty line = the suggestion; EOF stops, exit 0, saved unfinished; same seed and answers, same bytes', () => {
    const dir = tempDir('human');
    const run = (file: string) => sevensimWithInput('maybe\n\nd\n', 'play', '--game', 'sevn', '--human', '1', '--players', 'ev', 'race', '--seed', '3', '--save', file, '--hint-rollouts', '50');
    const r = run(join(dir, 'a.json'));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"maybe" is not an answer here; legal: draw (d), stay (s)');
    // Asked again after the refusal: the same question twice in a row.
    const asked = r.stdout.split('\n').filter((l) => l.startsWith('Your turn: draw or stay'));
    expect(asked.length).toBe(4); // first, again after the refusal, after the suggestion, after d
    expect(r.stdout).toMatch(/\(suggested: [ds]\)/);
    expect(r.stdout).toContain('Game stopped');
    const a = readRecord(join(dir, 'a.json'));
    expect(a.finished).toBe(false);
    expect(a.human).toEqual({ seat: 1, answers: expect.any(Array) });
    expect(a.human!.answers.length).toBe(2);
    run(join(dir, 'b.json'));
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe(readFileSync(join(dir, 'a.json'), 'utf8'));
  });

  it('q stops and saves (to --save FILE); ? lists the keys; no temporary file is left', () => {
    const dir = tempDir('human');
    const file = join(dir, 'q.json');
    const r = sevensimWithInput('?\nq\n', 'play', '--game', 'sevenfall', '--human', '0', '--players', 'greedy', '--seed', '2', '--save', file);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('s = stop, d TILES = discard them');
    expect(existsSync(file)).toBe(true);
    expect(readRecord(file)).toMatchObject({ game: 'sevenfall', players: ['human', 'greedy'], finished: false, human: { seat: 0, answers: [] } });
    expect(readFileSync(file, 'utf8')).not.toContain('.tmp');
    // SEVENFALL reviews finished games only: the stopped game's save line does not offer a review.
    expect(r.stdout).toContain(`game saved to ${file} (stopped before its end: \`advise --review\` takes a SEVENFALL game once it is finished)`);
  });

  it('SEVENFALL: answering as greedy did gives greedy\'s scores; the review at the end is exact', () => {
    const bot = JSON.parse(sevensim('play', '--game', 'sevenfall', '--players', 'greedy', 'stand', '--seed', '4', '--json').stdout) as GameRecord;
    const answers = bot.turns!.filter((t) => t.seat === 0).flatMap((t) => t.decisions.map((d) => (d.action === 'stop' ? 's' : `d ${d.action.slice('discard '.length)}`)));
    const dir = tempDir('human');
    const file = join(dir, 'f.json');
    const r = sevensimWithInput(answers.join('\n') + '\n', 'play', '--game', 'sevenfall', '--human', '0', '--players', 'stand', '--seed', '4', '--save', file);
    expect(r.code).toBe(0);
    const mine = readRecord(file);
    // Which copy of a tile is discarded may differ (rows in another order), never the tiles drawn or the scores.
    expect(mine.totals).toEqual(bot.totals);
    expect(mine.turns!.map((t) => t.score)).toEqual(bot.turns!.map((t) => t.score));
    expect(mine.turns!.map((t) => t.final.split(' ').sort().join(''))).toEqual(bot.turns!.map((t) => t.final.split(' ').sort().join('')));
    expect(r.stdout).toMatch(/Seat 0 \(human\): \d+ decisions, loss against the best action \(exact/);
  });

  it('Ctrl-C with the answers piped in (a signal, not a key): the game is saved as at end of input, exit 0', async () => {
    const file = join(tempDir('play-sigint'), 'g.json');
    const child = spawn(process.execPath, [CLI, 'play', '--game', 'sevn', '--human', '0', '--players', 'ev', '--seed', '3', '--save', file, '--hint-rollouts', '50'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    for (const deadline = Date.now() + 60_000; !out.includes('> ') && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT'); // the stdin pipe stays open: only the signal can stop it
    expect(await exited).toBe(0);
    expect(out).toContain(`game saved to ${file}`);
    expect(readRecord(file).finished).toBe(false);
  }, 60_000);

  it('bad usage: one line, exit 2', () => {
    for (const args of [['--human', '3', '--players', 'ev'], ['--hints', '--players', 'ev', 'ev'], ['--human', '0', '--json', '--players', 'ev']]) {
      const r = sevensim('play', '--game', 'sevn', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    for (const game of ['sevn', 'sevenfall']) {
      const r = sevensimWithInput('', 'play', '--game', game, '--human', '0', '--players');
      expect(r.code).toBe(2);
      expect(r.stderr).toBe('sevensim: --human: give the bots you play against in --players (at least one; a game alone is always won)\n');
    }
    // Messages that say what is wrong with this command line (they named 9 players, or nothing).
    for (const [args, message] of [
      [['--game', 'sevn', '--human', '0', '--players', 'ev', 'ev', 'ev', 'ev', 'ev', 'ev', 'ev', 'ev'], 'sevensim: --players: with --human, at most 7 bots (sevn seats 8 players and you take one seat); got 8\n'],
      [['--game', 'sevenfall', '--human', '0', '--hint-rollouts', '400', '--players', 'greedy'], 'sevensim: --hint-rollouts: sevenfall hints are exact, with no rollouts; remove it\n'],
      [['--game', 'sevn', '--players', 'ev', '--force'], 'sevensim: --force goes with --human SEAT (play a seat yourself) and --save FILE (replace an existing FILE)\n'],
    ] as const) {
      const r = sevensimWithInput('', 'play', ...args);
      expect([r.code, r.stderr]).toEqual([2, message]);
    }
    // A --save that cannot be written is refused before the game, not after it is played.
    const dir = tempDir('play-save');
    for (const [file, message] of [[join(dir, 'no-such-dir', 'g.json'), /cannot write there \(ENOENT\)/], [dir, /is a directory/]] as const) {
      const r = sevensimWithInput('d\n', 'play', '--game', 'sevn', '--human', '0', '--players', 'ev', '--save', file);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe(''); // no game was dealt
    }
  });
});

describe('the game objects', () => {
  it('SEVN: the first question, its legal answers, and the exact next-card bust chance counted by hand from the table', () => {
    const rules = sevnPreset('sevn-numbers');
    const g = new SevnHumanGame(SEVN_STRATEGIES, rules, ['human', 'stay-at'], 0, 11, { hintRollouts: 50, reviewRollouts: 20 });
    expect(g.legal().map((l) => `${l.key}:${l.word}`)).toEqual(['d:draw', 's:stay']);
    expect(g.answer('x')).toMatch(/legal: draw \(d\), stay \(s\)/);
    // Seat 1 plays first (seat 0 deals): the cards on the table are the deal and its draws, all numbers.
    const shown = g.events.filter((e) => e.event === 'deal' || e.event === 'draw').map((e) => ({ seat: e.seat, value: Number(e.card) }));
    expect(g.events.some((e) => e.event === 'bust' || e.event === 'stay')).toBe(false);
    const mine = shown.filter((c) => c.seat === 0).map((c) => c.value);
    expect(mine).toHaveLength(1);
    // sevn-numbers: value v has max(1, v) copies, 92 cards.
    const left = Math.max(1, mine[0]) - shown.filter((c) => c.value === mine[0]).length;
    const h = g.hint();
    expect(h.advice!.nextCard.unseen).toBe(92 - shown.length);
    expect(h.advice!.nextCard.duplicates).toBe(left);
    expect(h.advice!.nextCard.bust).toBeCloseTo(left / (92 - shown.length), 12);
    expect(h.advice!.actions.find((a) => a.action === 'stay')!.roundScore).toMatchObject({ mean: mine[0], exact: true });
  });

  it('SEVN: a search bot at the table is played by its own rollouts\' policy in the hint\'s rollouts (it took 15 s a hint), and the panel says so', () => {
    expect(inRollouts('search')).toBe('race');
    expect(inRollouts('search:rollouts=64,play=ev')).toBe('ev');
    expect(inRollouts('race:risk=0.2')).toBe('race:risk=0.2');
    const g = new SevnHumanGame(SEVN_STRATEGIES, sevnPreset('sevn'), ['human', 'search:play=ev', 'race'], 0, 4, { hintRollouts: 400, reviewRollouts: 20 });
    const t0 = performance.now();
    const h = g.hint();
    expect(performance.now() - t0).toBeLessThan(5000); // about 0.2 s; 15 s with search in every rollout
    expect(h.advice!.field.map((f) => f.split(':')[0])).toEqual(['ev', 'race']);
    expect(g.hintText()).toContain('opponents play their strategies (search:play=ev as ev, the policy of its own rollouts)');
    expect(h.bots.map((b) => b.strategy)).toContain('search:play=ev'); // what it would answer, asked itself
  });

  it('SEVENFALL: tiles to discard by letter, refused when not in the row, locked or over the budget', () => {
    const rules = sevenfallPreset('sevenfall');
    const g = new SevenfallHumanGame(SEVENFALL_STRATEGIES, rules, ['human'], 0, 9);
    const letter = (t: number) => (t === rules.symbols ? 'W' : t === rules.symbols + 1 ? 'X' : String.fromCharCode(65 + t));
    const row = Array.from(g.pending!.row, letter);
    const absent = 'ABCDEFGHIJ'.split('').find((ch) => !row.includes(ch))!;
    expect(g.answer(`d ${absent}`)).toMatch(new RegExp(`no ${absent} to discard`));
    // Without "d", letters are tiles too, but a word that names no tiles of the row is not understood.
    expect(g.answer(`foo`)).toMatch(/^"foo" is not an answer here; legal: s = stop/);
    expect(g.answer(`d ${row.slice(0, rules.discardBudget + 1).join(' ')}`)).toMatch(/only \d discards? (?:are|is) left|no further unlocked/);
    expect(g.answer(`d ${row[0]}`)).toBeNull();
    expect(g.pending!.locked[0]).toBe(1); // the replacement is locked where the tile was
    // Seed 9: the row is E A C F G W C; discarding E brings a B, locked, the only B: it cannot go.
    expect(row.join('')).toBe('EACFGWC');
    expect(Array.from(g.pending!.row, letter).join('')).toBe('BACFGWC');
    expect(g.answer('d B')).toMatch(/^"d B": your row has no further unlocked B to discard .*legal: s = stop/);
    expect(g.answer('d C C')).toBeNull(); // two copies at once
    expect(g.lines.filter((l) => l.includes('discards'))).toEqual([expect.stringMatching(/discards E, draws B/), expect.stringMatching(/discards C C, draws/)]);
  });
});
