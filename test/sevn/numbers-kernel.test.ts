/**
 * Number-only decks play their rounds in playNumbers (numbers.ts) and undo their draws at the next fresh
 * deck (SevnDeck.drawnFrom) instead of copying the deck back. Both must change nothing: every game
 * here is played twice from the same seeds, once so and once by the general deal and turns (with the
 * deck copied back every time), and every outcome, the deck stream's position and the deck's order
 * are compared after each game.
 */
import { describe, expect, it } from 'vitest';
import type { Mode } from '../../src/engine/game.js';
import type { SevnEngine } from '../../src/games/sevn/engine.js';
import { SevnRunner } from '../../src/games/sevn/index.js';
import { type SevnRules, sevnPreset } from '../../src/games/sevn/rules.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';

/** Per game: scores, win shares, rounds, busts, the deck stream's state, and the deck's cards in order. */
function play(rules: SevnRules, specs: string[], mode: Mode, games: number, kernel: boolean, stack: number[] = []): string[] {
  const runner = new SevnRunner(SEVN_STRATEGIES, rules, specs, mode);
  const engine = (runner as unknown as { engine: SevnEngine }).engine;
  expect(engine.numbersKernel).toBe(true);
  engine.numbersKernel = kernel;
  runner.solo = null; // solo rounds by the strategy's rule table: test/sevn/solo-table.test.ts
  const out: string[] = [];
  for (let g = 0; g < games; g++) {
    runner.reseedGame(11, g);
    if (stack.length > 0 && g % 3 === 0) engine.stackDeck(stack);
    runner.playOne();
    const state = engine.rng!.save();
    out.push(
      [runner.scores, runner.winShare, runner.rounds, runner.busts].map((a) => Array.from(a).join(',')).join('|') +
        ` rng ${state.a},${state.b},${state.c},${state.d} deck ${engine.deckLen}:${Array.from(engine.deck).join(',')} seen ${Array.from(engine.seen).join(',')}`,
    );
  }
  return out;
}

/** Numbers 0..3, one copy each: rounds run out of cards (round mode) or reshuffle (game mode). */
const tiny = (): SevnRules => ({ ...sevnPreset('sevn-numbers'), name: 'tiny', numbers: [0, 1, 2, 3].map((value) => ({ value, copies: 1 })), target: 12 });

describe('number-only kernel', () => {
  it('is chosen for number-only decks only', () => {
    const e = (r: SevnRules): boolean => (new SevnRunner(SEVN_STRATEGIES, r, ['stay-at'], 'round') as unknown as { engine: SevnEngine }).engine.numbersKernel;
    expect(e(sevnPreset('sevn-numbers'))).toBe(true);
    expect(e(sevnPreset('flip7-numbers'))).toBe(true);
    expect(e(sevnPreset('sevn'))).toBe(false);
    expect(e(sevnPreset('flip7'))).toBe(false);
  });

  const cases: [string, () => SevnRules, string[], Mode, number][] = [
    ['sevn-numbers solo rounds', () => sevnPreset('sevn-numbers'), ['stay-at:points=25'], 'round', 3000],
    ['flip7-numbers, 3 seats, random and stay-at, rounds', () => sevnPreset('flip7-numbers'), ['random', 'stay-at:points=15', 'bust-cap'], 'round', 2000],
    ['sevn-numbers, 4 seats, games', () => sevnPreset('sevn-numbers'), ['stay-at:points=20', 'random', 'stay-at:points=30', 'race'], 'game', 150],
    ['a 4-card deck, 3 seats, rounds (the deck runs out)', tiny, ['stay-at:points=50', 'stay-at:points=50', 'random'], 'round', 500],
    ['a 4-card deck, 2 seats, games (reshuffles)', tiny, ['stay-at:points=4', 'random'], 'game', 300],
  ];
  for (const [name, rules, specs, mode, games] of cases) {
    it(`plays as the general path: ${name}`, () => {
      const fast = play(rules(), specs, mode, games, true);
      const general = play(rules(), specs, mode, games, false);
      expect(fast.length).toBe(games);
      for (let g = 0; g < games; g++) expect(fast[g], `game ${g}`).toBe(general[g]);
      // Not a constant: the games differ from one another.
      expect(new Set(fast).size).toBeGreaterThan(games / 2);
    });
  }

  it('plays stacked draws as the general path', () => {
    const r = sevnPreset('sevn-numbers');
    const codes = [5, 5, 9, 13, 0].map((v) => v); // value v is code v on this deck (numbers 0..13 in order)
    const fast = play(r, ['stay-at:points=40', 'stay-at:points=10'], 'round', 300, true, codes);
    expect(fast).toEqual(play(r, ['stay-at:points=40', 'stay-at:points=10'], 'round', 300, false, codes));
  });
});
