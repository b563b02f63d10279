/** `advise` (SEVENFALL): exact action values against the solver's policy table, reviews, bad input. */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/engine/errors.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { solveSevenfall } from '../../src/games/sevenfall/solution.js';
import { adviseSevenfall, sevenfallPosition } from '../../src/games/sevenfall/analyses/advise.js';
import { sevenfallGameRecord } from '../../src/games/sevenfall/analyses/record.js';
import { reviewSevenfall } from '../../src/games/sevenfall/analyses/review.js';
import { SEVENFALL_STRATEGIES } from '../../strategies/sevenfall/index.js';
import { sevensim } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';
import { smallRules } from '../helpers/sevenfall.js';
import { bruteForceActionValue } from '../helpers/sevenfall-brute-force.js';

const rules = sevenfallPreset('sevenfall');

describe('advise --game sevenfall', () => {
  it('lists every action of a position with the value the solver\'s policy table gives it, best first', () => {
    // A A B C D W X: in canonical letters the same row (symbols by count, largest first).
    const advice = adviseSevenfall(rules, sevenfallPosition(rules, 'A A B C D W X'));
    const policy = [...solveSevenfall(rules, { kind: 'ev' }).policyRows()].filter((r) => r.state === 'unlocked AABCDWX | locked - | discarded -');
    expect(policy.length).toBeGreaterThan(10);
    // The solver lists one action per symmetry class (B, C, D are alike); advise lists every distinct set of tiles.
    const values = (xs: { value: number }[]) => [...new Set(xs.map((x) => x.value.toFixed(12)))].sort();
    expect(values(advice.actions)).toEqual(values(policy));
    const best = policy.find((r) => r.best)!;
    expect(advice.actions[0].value).toBeCloseTo(best.value, 12);
    expect(advice.actions[0].loss).toBe(0);
    const stop = advice.actions.find((a) => a.action === 'stop')!;
    expect(stop.value).toBe(1); // W -> A makes a triple, the Break leaves a pair (1)
    expect(stop.loss).toBeCloseTo(best.value - 1, 12);
    for (const a of advice.actions) expect(a.loss).toBeCloseTo(advice.actions[0].value - a.value, 12);
    // Discarding B or C or D is one class: the same value.
    const singles = ['B', 'C', 'D'].map((t) => advice.actions.find((a) => a.action === `discard ${t}`)!.value);
    expect(new Set(singles).size).toBe(1);
  }, 60_000);

  it.each([
    // Small canister (3 symbols x 3, 1 Wild, 1 Break; row 4, 3 discards; Pair 1, Two Pairs 3, Triple 4, Four 9).
    // Actions: stop and every set of at most (discards left) unlocked tiles, counted by hand.
    ['A B C X', '', '', 'ev', 15], // 3 left, four different tiles: 1 + 4 + 6 + 4
    ['A A W X', 'W', 'B', 'ev', 5], // 2 left, unlocked A A X: stop, A, X, A A, A X
    ['A B B C', 'C', 'X', 'at-least:4', 5], // 2 left, unlocked A B B: stop, A, B, A B, B B
  ])('small canister, hand %s (locked %j, discarded %j), %s: every action valued as a brute force in the test', (hand, locked, discarded, objective, count) => {
    const r = smallRules(4, 3);
    const pos = sevenfallPosition(r, hand, locked, discarded);
    const advice = adviseSevenfall(r, pos, objective);
    const utility = objective === 'ev' ? (x: number) => x : (x: number) => (x >= 4 ? 1 : 0);
    expect(advice.actions.length).toBe(count);
    expect(new Set(advice.actions.map((a) => a.discard.join())).size).toBe(count);
    const brute = advice.actions.map((a) => bruteForceActionValue(r, utility, pos.unlocked, pos.locked, pos.discarded, a.discard));
    const best = Math.max(...brute);
    advice.actions.forEach((a, i) => {
      expect(a.value, a.action).toBeCloseTo(brute[i], 12);
      expect(a.loss, a.action).toBeCloseTo(best - brute[i], 12);
    });
    expect(advice.actions[0].value).toBeCloseTo(best, 12);
    expect(advice.actions.filter((a) => a.best)).toEqual([advice.actions[0]]);
  }, 60_000);

  it('values a position with locked and discarded tiles, and at-least:K as a probability', () => {
    const advice = adviseSevenfall(rules, sevenfallPosition(rules, 'A A A B B C X', 'C', 'D', 2), 'at-least:8');
    // A A A B B C X scores 3+2 -> Break -> 2+2 = 3: below 8.
    expect(advice.actions.find((a) => a.action === 'stop')!.value).toBe(0);
    expect(advice.discardsLeft).toBe(2);
    expect(advice.actions.every((a) => a.value >= 0 && a.value <= 1)).toBe(true);
    expect(advice.actions.some((a) => a.action.includes('C'))).toBe(false); // C is locked
    // Discarding the Break: the row is 3+2+1 (8) unless the replacement is another Break.
    const x = advice.actions.find((a) => a.action === 'discard X')!;
    expect(x.value).toBeGreaterThan(0.9);
  }, 60_000);

  it('refuses a hand that is not a row of the rules\' canister', () => {
    expect(() => sevenfallPosition(rules, 'A A B C D W')).toThrow(/a row holds 7 tiles, got 6/);
    expect(() => sevenfallPosition(rules, 'A A A A A A B')).toThrow(/hold 6 A, the canister only 5/);
    expect(() => sevenfallPosition(rules, 'W W W A B C D', '', 'W')).toThrow(/hold 4 W, the canister only 3/);
    expect(() => sevenfallPosition(rules, 'A A B C D Z X')).toThrow(/"Z" is not a tile/);
    expect(() => sevenfallPosition(rules, 'A A B C D W X', 'B')).toThrow(UserError);
    expect(() => sevenfallPosition(rules, 'A A B C D W X', '', '', 2)).toThrow(/give the tiles discarded with --discarded/);
    // Replacements are locked: a discarded tile with no locked tile in the hand is not a position of the game.
    expect(() => sevenfallPosition(rules, 'A A B C D W X', '', 'E')).toThrow(/1 tile discarded, so the hand holds 1 locked replacement, but --locked names 0/);
    expect(sevenfallPosition(rules, 'A A B C D W X', 'X', 'E').locked.reduce((a, b) => a + b, 0)).toBe(1);
  });
});

describe('advise --review', () => {
  it('finds no loss in a game played by optimal, and the loss of each decision of a weaker strategy', () => {
    const record = sevenfallGameRecord(SEVENFALL_STRATEGIES, rules, ['optimal', 'greedy:margin=3'], 5);
    const optimal = reviewSevenfall(SEVENFALL_STRATEGIES, record, 0);
    expect(optimal.decisions.length).toBeGreaterThanOrEqual(5);
    for (const d of optimal.decisions) expect(d.loss).toBeLessThan(1e-9);
    expect(optimal.totalLoss).toBeLessThan(1e-9);
    const greedy = reviewSevenfall(SEVENFALL_STRATEGIES, record, 1);
    expect(greedy.decisions.length).toBeGreaterThanOrEqual(5);
    for (const d of greedy.decisions) expect(d.loss).toBeGreaterThanOrEqual(0);
    expect(greedy.meanLoss).toBeCloseTo(greedy.totalLoss / greedy.decisions.length, 12);
    // The record replays the game: per seat, the turn scores add up to the totals.
    for (const s of [0, 1]) expect(record.turns!.filter((t) => t.seat === s).reduce((n, t) => n + t.score, 0)).toBe(record.totals[s]);
  }, 60_000);

  it('CLI: play --json, then advise --review reads it; bad input exits 2 with one line', () => {
    const dir = tempDir('review');
    const play = sevensim('play', '--game', 'sevenfall', '--players', 'optimal', 'stand', '--seed', '3', '--json');
    expect(play.code).toBe(0);
    const file = join(dir, 'game.json');
    writeFileSync(file, play.stdout);
    const r = sevensim('advise', '--review', file, '--seat', '0', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).totalLoss).toBeLessThan(1e-9);
    const a = sevensim('advise', '--game', 'sevenfall', '--hand', 'A A B C D W X');
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/stop +1\.000000 +\d/);
    for (const bad of [['--hand', 'A A B'], ['--hand', 'A A A A A A B'], ['--hand', 'A A B C D W X', '--objective', 'most']]) {
      const b = sevensim('advise', '--game', 'sevenfall', ...bad);
      expect(b.code).toBe(2);
      expect(b.stderr.trim().split('\n').length).toBe(1);
    }
    expect(sevensim('advise', '--review', join(dir, 'missing.json')).code).toBe(2);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
