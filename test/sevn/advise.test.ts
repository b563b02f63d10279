/**
 * `advise --game sevn`: draw or stay at a live position. Exact values against hand-worked ones and the
 * solo solver, rollout estimates within 4 SE of the exact values (fixed seeds), hand-counted next-card
 * bust chances, a position one answer is certain to win or lose, and bad input at the process level.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cumulativeStdNormalProbability, probit } from 'simple-statistics';
import { UserError } from '../../src/engine/errors.js';
import { sevnPreset, type SevnRules } from '../../src/games/sevn/rules.js';
import { solveSevnSolo } from '../../src/games/sevn/solver.js';
import { SevnCards } from '../../src/games/sevn/cards.js';
import { LastSeatSolver, objectiveUtility } from '../../src/games/sevn/last-seat.js';
import { type SevnAdvice, type SevnPositionInput, adviseSevn, formatSevnAdvice, sevnPosition } from '../../src/games/sevn/analyses/advise.js';
import { sevnGameRecord } from '../../src/games/sevn/analyses/record.js';
import { otherMinusPlayed, reviewSevn } from '../../src/games/sevn/analyses/review.js';
import { formatSevnHint, suggestion } from '../../src/games/sevn/analyses/human-game.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { sevensim } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';

const numbers = sevnPreset('sevn-numbers');
const full = sevnPreset('sevn');

const advise = (rules: SevnRules, p: SevnPositionInput, o: Parameters<typeof adviseSevn>[3] = {}): SevnAdvice => adviseSevn(SEVN_STRATEGIES, rules, sevnPosition(rules, p), o);
const action = (a: SevnAdvice, name: 'draw' | 'stay') => a.actions.find((x) => x.action === name)!;
/** |estimate - exact| within 4 standard errors (and the SE is not 0: the estimate is sampled). */
const within4se = (v: { mean: number; se: number }, exact: number) => {
  expect(v.se).toBeGreaterThan(0);
  expect(Math.abs(v.mean - exact)).toBeLessThan(4 * v.se);
};

describe('advise --game sevn: exact values', () => {
  it('a six-value row on sevn-numbers: the next card ends the round, by hand', () => {
    // sevn-numbers: value v has max(1, v) copies, 92 cards. Holding 8..13 (63 points), 86 are unseen.
    // Duplicates: (8-1) + (9-1) + ... + (13-1) = 7+8+9+10+11+12 = 57, so the next card busts 57/86.
    // The other 29 cards are 0 (1 copy), 1 (1), 2 (2), ..., 7 (7); each makes a SEVN: 63 + v + 17.
    // Draw = (29 x 80 + sum of their values) / 86, the values summing to 0+1+4+9+16+25+36+49 = 140:
    // (2320 + 140) / 86 = 2460 / 86 = 28.604651...
    const a = advise(numbers, { row: '13 12 11 10 9 8' }, { rollouts: 20000, seed: 7 });
    const draw = action(a, 'draw');
    const stay = action(a, 'stay');
    expect(a.nextCard).toMatchObject({ unseen: 86, duplicates: 57 });
    expect(a.nextCard.bust).toBe(57 / 86);
    expect(draw.roundScore.exact).toBe(true);
    expect(draw.roundScore.mean).toBeCloseTo(2460 / 86, 12);
    expect(stay.roundScore).toMatchObject({ mean: 63, exact: true });
    expect(stay.bestRound).toBe(true);
    expect(draw.roundLoss.mean).toBeCloseTo(63 - 2460 / 86, 12);
    expect(draw.roundLoss.exact).toBe(true);
    expect(a.exact).toMatch(/last seat in/);
    // The same from the solver (itself checked against an independent implementation).
    const solution = solveSevnSolo(numbers);
    const mask = [8, 9, 10, 11, 12, 13].reduce((m, v) => m | (1 << v), 0);
    expect(draw.roundScore.mean).toBeCloseTo(solution.drawValue(mask), 12);
    expect(stay.roundScore.mean).toBe(solution.stayValue(mask));
    // The rollouts agree (the round ends on the next card whatever is played after it).
    within4se(draw.rolloutRoundScore, 2460 / 86);
    within4se(draw.bust, 57 / 86);
    // Staying scores 63 in every rollout.
    expect(stay.rolloutRoundScore).toMatchObject({ mean: 63, se: 0, n: 20000 });
  }, 60_000);

  it('13 12 on sevn-numbers: the solver\'s draw and stay values, and rollouts playing optimal-solo after it agree within 4 SE', () => {
    const solution = solveSevnSolo(numbers);
    const mask = (1 << 13) | (1 << 12);
    const a = advise(numbers, { row: '12 13' }, { rollouts: 20000, seed: 3, then: 'optimal-solo' });
    const draw = action(a, 'draw');
    expect(draw.roundScore).toMatchObject({ exact: true, se: 0 });
    expect(draw.roundScore.mean).toBeCloseTo(solution.drawValue(mask), 12);
    expect(action(a, 'stay').roundScore).toMatchObject({ mean: solution.stayValue(mask), exact: true });
    expect(solution.stayValue(mask)).toBe(25);
    // Next card: 12 more 13s and 11 more 12s among 90 cards.
    expect(a.nextCard.bust).toBe(23 / 90);
    within4se(draw.rolloutRoundScore, solution.drawValue(mask));
    // The best answer by the exact values: staying (24.23 < 25), its loss 0, the draw's the difference.
    expect(action(a, 'stay').bestRound).toBe(solution.drawValue(mask) <= 25);
    expect(draw.roundLoss.mean).toBeCloseTo(Math.abs(25 - solution.drawValue(mask)), 12);
  }, 60_000);

  it('is exact at the last seat in with cards seen; not with an opponent in, nor past the state cap', () => {
    // Cards seen: the recursion over the unseen cards, the same as LastSeatSolver on that position.
    const seen = advise(numbers, { row: '13 12', seen: '5' }, { rollouts: 200 });
    expect(seen.exact).toMatch(/last seat in: the recursion over the 89 unseen cards/);
    const cards = new SevnCards(numbers);
    const solver = new LastSeatSolver(numbers, cards);
    const deck = Array.from(cards.copies, (n) => n);
    const row = [cards.code('13'), cards.code('12')];
    for (const c of [...row, cards.code('5')]) deck[c]--;
    const discard = new Array<number>(cards.codes).fill(0);
    discard[cards.code('5')] = 1;
    solver.load({ deck, discard, row }, objectiveUtility(numbers, { kind: 'ev' }));
    expect(action(seen, 'draw').roundScore).toMatchObject({ mean: solver.drawValue(), exact: true, n: 0 });
    // An opponent still in: rollouts.
    const inRound = advise(numbers, { row: '13 12', atStake: '4' }, { rollouts: 200 });
    expect(inRound.exact).toBeNull();
    expect(inRound.fallback).toBeNull();
    expect(action(inRound, 'draw').roundScore).toMatchObject({ exact: false, n: 200 });
    expect(action(inRound, 'stay').roundScore).toMatchObject({ mean: 25, exact: true });
    // The full deck from 13 12 passes a small cap: rollouts, and the advice says so.
    const capped = advise(full, { row: '13 12' }, { rollouts: 200, maxStates: 1000 });
    expect(capped.exact).toBeNull();
    expect(capped.fallback).toMatch(/passed its cap of 1,000 states/);
    expect(action(capped, 'draw').roundScore.exact).toBe(false);
    // An opponent out with its row on the table, on a number-only deck: 92 - 3 = 89 unseen, the next card busts 23/89; exact.
    const out = advise(numbers, { row: '13 12', atStake: '5', stillIn: 'none' }, { rollouts: 200 });
    expect(out.exact).toMatch(/last seat in/);
    expect(out.nextCard.bust).toBe(23 / 89);
  });

  it('--objective at-least:K: the exact chance of reaching K at the last seat in, by hand; rollouts otherwise', () => {
    // sevn-numbers, holding 8..13 (63 points): the next card busts (57 of 86) or makes a SEVN (29 of 86,
    // 63 + v + 17 >= 80). P(round >= 80) after a draw = 29/86; staying scores 63 < 80: 0.
    const a = advise(numbers, { row: '13 12 11 10 9 8' }, { rollouts: 200, objective: 'at-least:80' });
    expect(a.objective).toBe('at-least:80');
    expect(action(a, 'draw').atLeast).toMatchObject({ mean: 29 / 86, exact: true, se: 0 });
    expect(action(a, 'stay').atLeast).toMatchObject({ mean: 0, exact: true });
    // Best by the objective (the round score's best is staying, 63 against 2460/86): drawing, by 29/86.
    expect(action(a, 'draw').bestAtLeast).toBe(true);
    expect(action(a, 'stay').bestAtLeast).toBe(false);
    expect(action(a, 'stay').bestRound).toBe(true);
    expect(action(a, 'stay').atLeastLoss).toMatchObject({ mean: 29 / 86, exact: true });
    expect(action(a, 'draw').atLeastLoss).toMatchObject({ mean: 0 });
    expect(formatSevnAdvice(a)).toMatch(/draw .* 0\.3372 exact +0 \(best\)\n +stay .* 0\.0000 exact +0\.3372 exact/);
    // With an opponent in, a rollout estimate: the draw reaches 80 only by the SEVN, whatever is played after it.
    const b = advise(numbers, { row: '13 12 11 10 9 8', atStake: '4' }, { rollouts: 4000, seed: 5, objective: 'at-least:80' });
    expect(action(b, 'draw').atLeast!.exact).toBe(false);
    expect(action(b, 'draw').atLeast!.n).toBe(4000);
    // Staying scores its 63 points whatever follows: below 80, exactly, in rollouts too; at 60 exactly reached.
    expect(action(b, 'stay').atLeast).toMatchObject({ mean: 0, exact: true, se: 0 });
    const at60 = advise(numbers, { row: '13 12 11 10 9 8', atStake: '4' }, { rollouts: 200, seed: 5, objective: 'at-least:60' });
    expect(action(at60, 'stay').atLeast).toMatchObject({ mean: 1, exact: true });
    // Staying reaches 60 for sure: best; drawing loses 1 - its share, with the draw's own interval (paired, stay exact).
    const d60 = action(at60, 'draw');
    expect(action(at60, 'stay').bestAtLeast).toBe(true);
    expect(d60.atLeastLoss!.mean).toBeCloseTo(1 - d60.atLeast!.mean, 12);
    expect(d60.atLeastLoss!.ci95[0]).toBeCloseTo(1 - d60.atLeast!.ci95[1], 12);
    expect(d60.atLeastLoss!.ci95[1]).toBeCloseTo(1 - d60.atLeast!.ci95[0], 12);
    expect(d60.atLeastLoss!.exact).toBe(false);
    // The opponent may draw one of the 29 SEVN cards first; the rollouts' estimate sits below 29/86.
    expect(action(b, 'draw').atLeast!.mean).toBeLessThan(29 / 86 + 4 * action(b, 'draw').atLeast!.se);
    expect(() => advise(numbers, { row: '13' }, { objective: 'at-least:x' })).toThrow(/--objective "at-least:x"/);
  });

  it('the win chance is exact when this round decides the game: by hand', () => {
    // tiedLead shared, target 250. You: 200 holding 8..13 (63 points); seat 1 stayed on 240 + 10 = 250.
    // Every round score x of yours ends the game: x > 50 wins, x = 50 shares the win, x < 50 loses.
    const rules: SevnRules = { ...numbers, tiedLead: 'shared' };
    const a = advise(rules, { row: '13 12 11 10 9 8', totals: '200,240', atStake: '10', stillIn: 'none' }, { rollouts: 200 });
    expect(a.winExact).toMatch(/every round score you can reach ends the game/);
    // Stay: 263 > 250: won. Draw: seat 1's 10 is out of the deck, so 85 unseen: a bust (56/85) leaves
    // 200 (seat 1 wins); a SEVN (29/85, at least 80 points) wins.
    expect(action(a, 'stay').win).toMatchObject({ mean: 1, exact: true });
    expect(action(a, 'draw').win).toMatchObject({ exact: true });
    expect(action(a, 'draw').win!.mean).toBeCloseTo(29 / 85, 14);
    expect(action(a, 'draw').winLoss!.mean).toBeCloseTo(1 - 29 / 85, 12);
    // Seat 1 below the target: a low round score of yours leaves the game undecided, so rollouts.
    const open = advise(rules, { row: '13 12 11 10 9 8', totals: '200,230', atStake: '10', stillIn: 'none' }, { rollouts: 200 });
    expect(open.winExact).toBeNull();
    // Bounded exactly: a bust (56/85) leaves the game open (0 to 1), a SEVN (29/85) wins; staying (263)
    // wins. The ranges meet at 1 (an open game counted won), so they settle nothing: rollouts.
    expect(open.winBounds).toMatchObject({ separate: false, stay: [1, 1] });
    expect(open.winBounds!.draw[0]).toBeCloseTo(29 / 85, 14);
    expect(open.winBounds!.draw[1]).toBeCloseTo(1, 14);
    expect(action(open, 'draw').win!.exact).toBe(false);
  });

  it('a tied lead that plays on: exact win-chance ranges, by hand; the best answer where they do not overlap', () => {
    // tiedLead play-on (sevn-numbers' own), target 250. You: 200 holding 8..13 (63 points). Value v has
    // max(1, v) copies, 92 cards. Seat 1 stayed on 240 + 41 (13 12 9 7) = 281: unseen 92 - 6 - 4 = 82, of
    // them 57 - 3 = 54 duplicates of yours and 0 (1 copy), 1 (1), 2..6 (2+3+4+5+6 = 20), 7 (7 - 1 = 6),
    // each a SEVN: 63 + v + 17 = 80 + v points, the round over. Staying (263) loses. Drawing: a bust or
    // a 0 (280) loses, a 1 ties on 281 and plays on (won 0 to 1), 2..7 win (26 cards): 26/82 to 27/82.
    const ahead = advise(numbers, { row: '13 12 11 10 9 8', totals: '200,240', atStake: '13 12 9 7', stillIn: 'none' }, { rollouts: 200 });
    expect(ahead.winExact).toBeNull();
    expect(ahead.winBounds!.separate).toBe(true);
    expect(ahead.winBounds!.stay).toEqual([0, 0]);
    expect(ahead.winBounds!.draw[0]).toBeCloseTo(26 / 82, 14);
    expect(ahead.winBounds!.draw[1]).toBeCloseTo(27 / 82, 14);
    expect(action(ahead, 'draw').bestWin).toBe(true);
    expect(action(ahead, 'stay').winLoss!.ci95[0]).toBeCloseTo(26 / 82, 14);
    expect(action(ahead, 'stay').winLoss!.ci95[1]).toBeCloseTo(27 / 82, 14);
    // Staying keeps the higher round score; the ev rollouts (which never chase a lead) used to settle the
    // win chance here too: 0 for both, staying "best".
    expect(action(ahead, 'stay').bestRound).toBe(true);
    // The hint at the table suggests the draw, and shows the range (26/82 = 31.7%, 27/82 = 32.9%).
    expect(suggestion(ahead)).toEqual({ action: 'draw', basis: 'the higher win chance' });
    expect(formatSevnHint({ decision: 'draw or stay', advice: ahead, suggested: 'draw', basis: '', bots: [] })).toMatch(/draw +round score 2\d\.\d exact, win chance 31\.7 to 32\.9% exact/);
    // Seat 1 on 240 + 23 (13 10) = 263: staying ties (0 to 1); drawing wins with a SEVN (29 of 84 unseen,
    // every one above 263) and loses on a bust. The ranges overlap: the win chances shown are the rollouts'.
    const tied = advise(numbers, { row: '13 12 11 10 9 8', totals: '200,240', atStake: '13 10', stillIn: 'none' }, { rollouts: 200 });
    expect(tied.winBounds!.separate).toBe(false);
    expect(tied.winBounds!.stay).toEqual([0, 1]);
    expect(tied.winBounds!.draw[0]).toBeCloseTo(29 / 84, 14);
    expect(tied.winBounds!.draw[1]).toBeCloseTo(29 / 84, 14);
    expect(action(tied, 'draw').win!.exact).toBe(false);
    // Scores that would leave the game open but cannot be reached: exact, not ranges. 240 holding 13 12
    // (25 points), seat 1 stayed on 245 + 10 (4 6) = 255. Staying (265) wins; a drawn card busts (23 of 88
    // unseen: 12 13s and 11 12s; 240 loses to 255) or wins (65/88); the round ends on 0 or 25 and more,
    // never on 15, the one score that would tie seat 1 on 255 and play on.
    const reach = advise(numbers, { row: '13 12', totals: '240,245', atStake: '4 6', stillIn: 'none' }, { rollouts: 200 });
    expect(reach.winBounds).toBeNull();
    expect(reach.winExact).toMatch(/every round score you can reach ends the game/);
    expect(action(reach, 'draw').win).toMatchObject({ exact: true });
    expect(action(reach, 'draw').win!.mean).toBeCloseTo(65 / 88, 14);
    expect(action(reach, 'stay').win).toMatchObject({ mean: 1, exact: true });
    // A round that decides the game has no ranges.
    expect(advise({ ...numbers, tiedLead: 'shared' }, { row: '13 12 11 10 9 8', totals: '200,240', atStake: '13 10', stillIn: 'none' }, { rollouts: 200 }).winBounds).toBeNull();
  });
});

describe('advise --game sevn: next-card bust chance by hand', () => {
  it('counts the unseen duplicates: the deck less every row and the seen cards', () => {
    // sevn: 120 cards, 13 copies of 13, 12 of 12. Unseen 13s: 13 - 1 (yours) - 2 (seen) - 1 (seat 1) = 9;
    // 12s: 12 - 1 - 1 = 10; 19 duplicates. Unseen: 120 - 3 (your row) - 4 (seen) - 2 (seat 1) = 111.
    const p = { row: '13 12 +4', seen: '13 13 12 Freeze', atStake: '13 5' };
    const a = advise(full, p, { rollouts: 50 });
    expect(a.nextCard).toMatchObject({ unseen: 111, duplicates: 19, secondChance: false, fromDiscard: false });
    expect(a.nextCard.bust).toBe(19 / 111);
    expect(a.seats.map((s) => s.points)).toEqual([29, 18]); // 13 + 12 + 4; 13 + 5
    // A Second Chance held: the next card cannot bust.
    const sc = advise(full, { ...p, secondChance: true }, { rollouts: 50 });
    expect(sc.nextCard).toMatchObject({ bust: 0, secondChance: true, unseen: 110 });
  });

  it('with nothing unseen, the next card comes from the reshuffled discard pile', () => {
    // Six cards: two each of 1, 2, 3. Your row 1 2, seen 1 2 3 3: nothing is unseen, and the pile
    // reshuffled holds 1 2 3 3: 2 duplicates of 4 cards. Drawing: 1/2 bust (0), 1/2 a 3 (then 6 points, and nothing left).
    const tiny: SevnRules = { ...numbers, name: 'tiny', numbers: [1, 2, 3].map((value) => ({ value, copies: 2 })) };
    const a = advise(tiny, { row: '1 2', seen: '1 2 3 3' }, { rollouts: 4000, seed: 2, then: 'stay-at:points=0' });
    expect(a.nextCard).toMatchObject({ unseen: 4, duplicates: 2, bust: 0.5, fromDiscard: true });
    // Exact (last seat in, the reshuffle included): a 3 (1/2) makes 6 points, after which every card left busts: 6 / 2 = 3.
    expect(action(a, 'draw').roundScore).toMatchObject({ mean: 3, exact: true });
    within4se(action(a, 'draw').bust, 0.5);
  }, 60_000);
});

describe('advise --game sevn: the chance to win the game', () => {
  it('staying past the target with everyone else out wins for certain; staying below a higher finished total loses for certain', () => {
    // Both are the last seat in on the full deck, past a small state cap: rollouts (the point here is the win chance).
    // 240 + 25 = 265 >= 250 against 200 + 5: staying ends the round and the game, won.
    const win = advise(full, { row: '13 12', totals: '240,200', atStake: '5', stillIn: 'none' }, { rollouts: 2000, seed: 4, maxStates: 2000 });
    const stay = action(win, 'stay');
    expect(stay.win).toMatchObject({ mean: 1, se: 0, exact: true });
    expect(stay.bestWin).toBe(true);
    const draw = action(win, 'draw');
    expect(draw.win!.exact).toBe(false);
    expect(draw.win!.mean).toBeLessThan(1); // a bust (about 1 in 5) hands the opponent more rounds
    expect(draw.winLoss!.mean).toBeCloseTo(1 - draw.win!.mean, 12);
    // 200 + 5 = 205 against a finished 240 + 25 = 265: staying ends the game, lost.
    const lose = advise(full, { row: '5', totals: '200,240', atStake: '13 12', stillIn: 'none' }, { rollouts: 2000, seed: 4, maxStates: 2000 });
    expect(action(lose, 'stay').win).toMatchObject({ mean: 0, exact: true });
    expect(action(lose, 'stay').winLoss!.mean).toBe(action(lose, 'draw').win!.mean);
  }, 60_000);

  it('pairs the rollouts: the loss is the paired mean difference, and a seed gives the same numbers every time', () => {
    const p = { row: '13 12 +4', totals: '200,230,180', atStake: '9 4 / 7 7', stillIn: '1' };
    const a = advise(full, p, { rollouts: 3000, seed: 11 });
    const b = advise(full, p, { rollouts: 3000, seed: 11 });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const c = advise(full, p, { rollouts: 3000, seed: 12 });
    expect(action(c, 'draw').win!.mean).not.toBe(action(a, 'draw').win!.mean);
    const d = action(a, 'draw');
    const s = action(a, 'stay');
    expect(a.seats.map((x) => x.status)).toEqual(['deciding', 'in', 'busted']);
    expect(Math.abs(d.win!.mean - s.win!.mean)).toBeCloseTo(d.bestWin ? s.winLoss!.mean : d.winLoss!.mean, 12);
    // Paired: the difference's SE is below that of independent samples (sqrt(se_d^2 + se_s^2)).
    const lossSe = (d.bestWin ? s : d).winLoss!.se;
    expect(lossSe).toBeLessThan(Math.hypot(d.win!.se, s.win!.se));
    // A 95% normal interval: simple-statistics' own normal table puts 97.5% below its upper end and 2.5% below its lower.
    for (const x of a.actions) {
      expect(cumulativeStdNormalProbability((x.win!.ci95[1] - x.win!.mean) / x.win!.se)).toBeCloseTo(0.975, 3);
      expect(cumulativeStdNormalProbability((x.win!.ci95[0] - x.win!.mean) / x.win!.se)).toBeCloseTo(0.025, 3);
    }
    // Rollout r's streams come from (seed, r) alone: two halves run apart give the whole run's means
    // (how a split over threads would combine).
    const first = advise(full, p, { rollouts: 1500, seed: 11 });
    const second = advise(full, p, { rollouts: 1500, seed: 11, firstRollout: 1500 });
    for (const name of ['draw', 'stay'] as const) {
      expect((action(first, name).win!.mean + action(second, name).win!.mean) / 2).toBeCloseTo(action(a, name).win!.mean, 12);
      expect((action(first, name).rolloutRoundScore.mean + action(second, name).rolloutRoundScore.mean) / 2).toBeCloseTo(action(a, name).rolloutRoundScore.mean, 12);
    }
  }, 60_000);
});

describe('advise --game sevn: a best answer within noise says so', () => {
  it('the higher mean is "best", and a line says when the other\'s loss CI reaches 0; exact losses never get it', () => {
    const noisy = sevensim('advise', '--game', 'sevn', '--row', '13 12 +4', '--at-stake', '9 4 / 7 7', '--still-in', '1', '--field', 'race', '--rollouts', '50');
    expect(noisy.code).toBe(0);
    expect(noisy.stdout).toMatch(/^\s+stay\s+29\.000 exact\s+0\.700 ± 4\.513/m); // 0.7 - 4.513 < 0
    expect(noisy.stdout).toContain('Round score: the two answers are within noise of each other');
    const exact = sevensim('advise', '--game', 'sevn', '--preset', 'sevn-numbers', '--row', '13 12 11');
    expect(exact.code).toBe(0);
    expect(exact.stdout).not.toContain('within noise');
  }, 60_000);
});

describe('advise --game sevn: reading positions', () => {
  it('reads cards as `play` prints them, and the opponents\' status from their rows and --still-in', () => {
    const p = sevnPosition(full, { row: '+2 -3 x2 07 Second-chance ladder', atStake: '5 5 / 9 / none', totals: '0,0,0,0', stillIn: '3' });
    expect(p.players).toBe(4);
    expect(p.rows[0]).toHaveLength(6);
    expect(p.status).toEqual([0, 3, 1, 0]); // you, busted (5 5), stayed (not in --still-in), in
    expect(p.dealer).toBe(3);
    expect(sevnPosition(full, { row: '13', atStake: '9 / 8' }).status).toEqual([0, 0, 0]); // default: every row without a duplicate is in
  });

  it('refuses impossible positions with one line naming the problem', () => {
    const bad: [SevnPositionInput, RegExp][] = [
      [{ row: '13 12 13' }, /two 13s; a duplicate busts/],
      [{ row: '13 13 13' }, /your row holds 13 3 times; a row busts/],
      [{ row: '5 5 5 5' }, /your row holds 5 4 times; a row busts/],
      [{ row: '13 Q' }, /"Q" is not a card of rules "sevn"/],
      [{ row: '13 Freeze' }, /Freeze resolves when drawn.*--seen/],
      [{ row: '13', seen: '0 0' }, /0: --row, --at-stake and --seen hold 2 copies, the deck of rules "sevn" only 1/],
      [{ row: '1 2 3 4 5 6 7' }, /SEVN.*the round is over/],
      [{ row: '13', totals: '100,200' }, /lists 2 players, --at-stake 0 opponent rows/],
      [{ row: '13', totals: '200' }, /without --at-stake: a solo game is always won/],
      [{ row: '13', totals: '260,200', atStake: '5' }, /already has 260 >= the target 250/],
      [{ row: '13', atStake: '5 5', stillIn: '1' }, /busted and is out/],
      [{ row: '13', atStake: '5', stillIn: '0' }, /seat 0 is not an opponent/],
      [{ row: 'SC', secondChance: true }, /already holds a SecondChance/],
      [{ row: '' }, /give your cards/],
      [{ row: '13', atStake: '5 /' }, /seat 2's row is empty; write none/],
    ];
    for (const [p, message] of bad) expect(() => sevnPosition(full, p)).toThrow(message);
    expect(() => sevnPosition(numbers, { row: '13 x2' })).toThrow(/rules "sevn-numbers" have no x2|not a card of rules "sevn-numbers"/);
    expect(() => adviseSevn(SEVN_STRATEGIES, full, sevnPosition(full, { row: '13', atStake: '5 / 6' }), { field: ['ev', 'ev', 'ev'] })).toThrow(/3 strategies for 2 opponents/);
    expect(() => adviseSevn(SEVN_STRATEGIES, full, sevnPosition(full, { row: '13' }), { rollouts: 1 })).toThrow(UserError);
  });

  it('CLI: prints the advice, and bad input exits 2 with one line', () => {
    const ok = sevensim('advise', '--game', 'sevn', '--preset', 'sevn-numbers', '--row', '13 12 11 10 9 8', '--rollouts', '200');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/draw +28\.605 exact +34\.395 exact/);
    expect(ok.stdout).toMatch(/stay +63\.000 exact +0 \(best\)/);
    expect(ok.stdout).toMatch(/Next card busts: 66\.279%/);
    expect(ok.stdout).toMatch(/200 paired rollouts/);
    const neg = sevensim('advise', '--game', 'sevn', '--row', '-2 5', '--rollouts', '50', '--json');
    expect(neg.code).toBe(0);
    expect(JSON.parse(neg.stdout).seats[0]).toMatchObject({ row: '-2 5', points: 3 });
    for (const bad of [
      ['--row', '13 12 13'],
      ['--row', '13 Q'],
      ['--row', '13', '--seen', 'SecondChance SecondChance SecondChance', '--second-chance'],
      ['--row', '13', '--totals', '100,200'],
      ['--row', '13', '--field', 'ev'],
      ['--row', '13', '--rollouts', '1'],
      ['--row', '13', '--hand', 'A A B'],
      ['--row', '13', '--then', 'nobody'],
      ['--row', '13', '--at-stake', '5', '--still-in', '2'],
      ['--row', '13', '--objective', 'at-least:-3'],
    ]) {
      const b = sevensim('advise', '--game', 'sevn', ...bad);
      expect(b.code, bad.join(' ')).toBe(2);
      expect(b.stderr.trim().split('\n')).toHaveLength(1);
      expect(b.stdout).toBe('');
    }
    const sevenfall = sevensim('advise', '--game', 'sevenfall', '--hand', 'A A B C D W X', '--row', '5');
    expect(sevenfall.code).toBe(2);
    expect(sevenfall.stderr).toBe('sevensim: --row is not a flag of a sevenfall position; sevenfall takes --hand, --locked, --discarded, --discards-left, --objective\n');
    const sevn = sevensim('advise', '--game', 'sevn', '--row', '13 12', '--hand', 'A');
    expect(sevn.code).toBe(2);
    expect(sevn.stderr).toMatch(/^sevensim: --hand is not a flag of a sevn position; sevn takes --row, /);
  }, 120_000);
});

describe('advise --review (SEVN)', () => {
  // A solo game on a number-only deck that is fresh every round: every decision is the solo solver's.
  const solo: SevnRules = { ...numbers, deckPersists: false };
  const solution = solveSevnSolo(solo);
  const maskOf = (row: string) => row.split(' ').reduce((m, v) => m | (1 << Number(v)), 0);
  const drawStay = (record: ReturnType<typeof sevnGameRecord>, seat: number) => record.events!.filter((e) => (e.event === 'draw' || e.event === 'stay') && e.seat === seat).map((e) => e.event);

  it('finds no round-score loss in a solo game played by optimal-solo, and the exact loss of each stay-at decision', () => {
    const optimal = sevnGameRecord(SEVN_STRATEGIES, solo, ['optimal-solo'], 2);
    const r = reviewSevn(SEVN_STRATEGIES, optimal, 0, { rollouts: 50 });
    expect(r.decisions.map((d) => d.played)).toEqual(drawStay(optimal, 0));
    expect(r.decisions.length).toBeGreaterThan(10);
    for (const d of r.decisions) {
      expect(d.roundDiff.exact).toBe(true);
      expect(d.roundLoss).toBe(0);
      expect(d.winDiff.mean).toBe(0); // alone, the game is won whatever is played
    }
    expect(r.totalRoundLoss).toBe(0);

    const threshold = sevnGameRecord(SEVN_STRATEGIES, solo, ['stay-at:points=15'], 2);
    const t = reviewSevn(SEVN_STRATEGIES, threshold, 0, { rollouts: 50 });
    expect(t.decisions.map((d) => d.played)).toEqual(drawStay(threshold, 0));
    for (const d of t.decisions) {
      // The solver's value of drawing at this row against its points (the stay value): the loss of the answer played.
      const gain = solution.drawValue(maskOf(d.row)) - d.points;
      expect(d.roundLoss).toBeCloseTo(Math.max(0, d.played === 'stay' ? gain : -gain), 9);
    }
    expect(t.totalRoundLoss).toBeGreaterThan(1); // staying at 15 gives points away
  }, 60_000);

  it('CLI: reviews a 3-player game written by play --json; a file that does not replay exits 2 with one line', () => {
    const dir = tempDir('review-sevn');
    const play = sevensim('play', '--game', 'sevn', '--players', 'ev', 'stay-at:points=25', 'race', '--seed', '5', '--json');
    expect(play.code).toBe(0);
    const file = join(dir, 'game.json');
    writeFileSync(file, play.stdout);
    const r = sevensim('advise', '--review', file, '--seat', '1', '--rollouts', '100', '--json');
    expect(r.code).toBe(0);
    const review = JSON.parse(r.stdout);
    expect(review.decisions.map((d: { played: string }) => d.played)).toEqual(drawStay(JSON.parse(play.stdout), 1));
    // Clear: beyond an interval of all the game's decisions at once (Bonferroni: z for 1 - 0.025 / k).
    const z = probit(1 - 0.025 / review.decisions.length);
    expect(z).toBeGreaterThan(2.5);
    for (const d of review.decisions) {
      expect(d.winLoss).toBe(Math.max(0, d.winDiff.mean));
      expect(d.clear).toBe(d.winDiff.exact ? d.winDiff.mean > 0 : d.winDiff.mean - z * d.winDiff.se > 0);
    }
    expect(sevensim('advise', '--review', file, '--seat', '1', '--rollouts', '100').stdout).toMatch(new RegExp(`Clear mistakes \\(the other answer better beyond an interval of all ${review.decisions.length} decisions at once, 95% for them together: Bonferroni\\)`));
    // On 2 rollouts nothing is clear: two equal outcomes have an SE of 0 (it flagged "1.0000 ± 0.0000 CLEAR MISTAKE").
    const two = sevnGameRecord(SEVN_STRATEGIES, full, ['stay-at:points=20', 'stay-at:points=30'], 5);
    const thin = reviewSevn(SEVN_STRATEGIES, two, 0, { rollouts: 2, seed: 3 });
    expect(thin.decisions.some((d) => !d.winDiff.exact && d.winDiff.se === 0 && d.winDiff.mean > 0)).toBe(true);
    expect(thin.decisions.filter((d) => !d.winDiff.exact && d.clear)).toEqual([]);
    const record = JSON.parse(play.stdout);
    record.events[3].card = record.events[3].card === '5' ? '6' : '5';
    writeFileSync(file, JSON.stringify(record));
    const bad = sevensim('advise', '--review', file, '--seat', '1');
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/does not give its events/);
    // Its events as played, a final total edited: refused too (it was accepted, the review replaying the events alone).
    const totals = JSON.parse(play.stdout);
    totals.totals[0] += 50;
    writeFileSync(file, JSON.stringify(totals));
    const edited = sevensim('advise', '--review', file, '--seat', '1');
    expect(edited.code).toBe(2);
    expect(edited.stderr).toMatch(/does not give its events, totals and win shares/);
  }, 120_000);

  it('a tie of the two answers\' win chances keeps the paired difference\'s SE (it was printed 0 ± 0 when the draw played tied)', () => {
    // By hand: on a tie the best answer by rule is staying, with loss 0 ± 0; the draw carries 0 with the difference's SE.
    const tie = { mean: 0, se: 0.016, ci95: [-0.031, 0.031] as [number, number], n: 1000, exact: false };
    const zero = { mean: 0, se: 0, ci95: [0, 0] as [number, number], n: 1000, exact: false };
    expect(otherMinusPlayed(false, tie, zero)).toEqual(tie); // played draw, stay best: other - played = 0 ± its SE
    const loss = { mean: 0.05, se: 0.01, ci95: [0.03, 0.07] as [number, number], n: 1000, exact: false };
    expect(otherMinusPlayed(true, zero, loss)).toEqual({ ...loss, mean: -0.05, ci95: [-0.07, -0.03] }); // played best: minus the other's loss
    expect(otherMinusPlayed(false, loss, zero)).toEqual(loss);
    // The game the helper found: seat 1's draw at 8 12 in round 3 tied on win chance over 1,000 rollouts.
    const record = sevnGameRecord(SEVN_STRATEGIES, sevnPreset('sevn'), ['ev', 'stay-at:points=25', 'race'], 5);
    const r = reviewSevn(SEVN_STRATEGIES, record, 1, { rollouts: 1000 });
    const d = r.decisions.find((x) => x.round === 2 && x.row === '8 12')!;
    expect(d.played).toBe('draw');
    expect(d.winDiff.mean).toBe(0);
    expect(d.winDiff.se).toBeGreaterThan(0.01);
    for (const x of r.decisions) if (!x.winDiff.exact) expect(x.winDiff.se).toBeGreaterThan(0);
  }, 60_000);
});
