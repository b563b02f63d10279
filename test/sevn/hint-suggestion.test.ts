/**
 * The answer a hint suggests at draw or stay: a clear win-chance difference first, then a clear
 * round-score difference, else the better win chance said to be within noise (hand-made advice).
 */
import { describe, expect, it } from 'vitest';
import type { AdviceValue, SevnActionAdvice, SevnAdvice } from '../../src/games/sevn/analyses/advise.js';
import { formatSevnHint, suggestion } from '../../src/games/sevn/analyses/human-game.js';
import { wilson95 } from '../../src/stats/summary.js';

const v = (mean: number, lo: number, hi: number, exact = false): AdviceValue => ({ mean, se: (hi - lo) / 3.92, ci95: [lo, hi], n: exact ? 0 : 400, exact });
const zero = v(0, 0, 0);
/** Draw and stay; `winLoss`/`roundLoss` of the answer that is not best, the best's are 0. */
function advice(o: { bestWin: 'draw' | 'stay' | null; winLoss: AdviceValue | null; bestRound: 'draw' | 'stay'; roundLoss: AdviceValue }): SevnAdvice {
  const action = (a: 'draw' | 'stay'): SevnActionAdvice => ({
    action: a,
    roundScore: zero,
    rolloutRoundScore: zero,
    bust: zero,
    roundLoss: o.bestRound === a ? zero : o.roundLoss,
    bestRound: o.bestRound === a,
    win: o.bestWin === null ? null : zero,
    winLoss: o.bestWin === null ? null : o.bestWin === a ? zero : o.winLoss,
    bestWin: o.bestWin === a,
    atLeast: null,
    atLeastLoss: null,
    bestAtLeast: false,
  });
  return { actions: [action('draw'), action('stay')] } as unknown as SevnAdvice;
}

describe('the suggested draw-or-stay answer', () => {
  it('the higher win chance where its paired CI excludes 0', () => {
    expect(suggestion(advice({ bestWin: 'draw', winLoss: v(0.03, 0.01, 0.05), bestRound: 'stay', roundLoss: v(2, 1, 3) }))).toEqual({ action: 'draw', basis: 'the higher win chance' });
    // Exact values are clear whenever they differ.
    expect(suggestion(advice({ bestWin: 'stay', winLoss: v(0.001, 0.001, 0.001, true), bestRound: 'draw', roundLoss: v(2, 1, 3) })).action).toBe('stay');
  });

  it('the higher round score where the win chances are within noise but the round scores are not', () => {
    // The review's case: win chances 42.0 ± 13.8% and 48.0 ± 14.0% (stay ahead by noise), the draw's round score clearly higher.
    expect(suggestion(advice({ bestWin: 'stay', winLoss: v(0.06, -0.08, 0.2), bestRound: 'draw', roundLoss: v(16, 9.5, 22.5) }))).toEqual({ action: 'draw', basis: 'the higher round score (the win chances are within noise)' });
  });

  it('neither clear: the higher win chance, said to be within noise; round mode judges the round score alone', () => {
    expect(suggestion(advice({ bestWin: 'stay', winLoss: v(0.01, -0.02, 0.04), bestRound: 'draw', roundLoss: v(0.5, -1, 2) }))).toEqual({ action: 'stay', basis: 'too close to call: the higher win chance, within noise' });
    expect(suggestion(advice({ bestWin: null, winLoss: null, bestRound: 'draw', roundLoss: v(3, 1, 5) }))).toEqual({ action: 'draw', basis: 'the higher round score' });
    expect(suggestion(advice({ bestWin: null, winLoss: null, bestRound: 'stay', roundLoss: v(0.5, -1, 2) }))).toEqual({ action: 'stay', basis: 'too close to call: the higher round score, within noise' });
  });

  it('the panel marks the suggested answer, not the higher mean win chance within noise', () => {
    const a = advice({ bestWin: 'stay', winLoss: v(0.06, -0.08, 0.2), bestRound: 'draw', roundLoss: v(16, 9.5, 22.5) });
    const full = { ...a, nextCard: { secondChance: false, bust: 0.2, duplicates: 1, unseen: 5, fromDiscard: false }, rollouts: 50 } as unknown as SevnAdvice;
    const { action, basis } = suggestion(full);
    const text = formatSevnHint({ decision: 'draw-stay', advice: full, suggested: action, basis, bots: [] });
    expect(text).toMatch(/^ {2}draw .*<- suggested$/m);
    expect(text).not.toMatch(/^ {2}stay .*<-/m);
    expect(text).toContain('1 duplicate of your values');
    expect(text).toContain('suggested: draw (the higher round score (the win chances are within noise))');
  });

  it('a difference on fewer than 30 rollouts is never clear; a chance with fewer than 5 rollouts one way shows Wilson\'s interval', () => {
    // --hint-rollouts 2: both rollouts won after drawing and lost after staying, so an SE of 0 and a "clear" 1.0.
    const two = (n: number): AdviceValue => ({ mean: 1, se: 0, ci95: [1, 1], n, exact: false });
    expect(suggestion(advice({ bestWin: 'draw', winLoss: two(2), bestRound: 'stay', roundLoss: v(5, 4, 6) })).basis).toBe('the higher round score (the win chances are within noise)');
    expect(suggestion(advice({ bestWin: 'draw', winLoss: two(30), bestRound: 'stay', roundLoss: v(5, 4, 6) })).basis).toBe('the higher win chance');
    // 2 wins in 400 rollouts: Wilson's [0.14%, 1.80%], not 0.5 +- 0.7% (reaching below 0).
    const a = advice({ bestWin: 'draw', winLoss: v(0.005, 0.0, 0.01), bestRound: 'draw', roundLoss: v(5, 4, 6) });
    const win = { mean: 0.005, se: Math.sqrt(0.005 * 0.995 / 400), ci95: wilson95(0.005, 400), n: 400, exact: false };
    const full = { ...a, actions: a.actions.map((x) => ({ ...x, win })), nextCard: { secondChance: false, bust: 0.2, duplicates: 1, unseen: 5, fromDiscard: false }, rollouts: 400 } as unknown as SevnAdvice;
    const text = formatSevnHint({ decision: 'draw-stay', advice: full, suggested: 'draw', basis: '', bots: [] });
    expect(text).toMatch(/win chance 0\.5% \[0\.1, 1\.8\]/);
    expect(text).toContain("[low, high]: Wilson's 95% interval where fewer than 5 rollouts ended one way");
  });
});
