// greedy's choice worked out the long way: every replacement of every unlocked tile scored by the
// independent scorer of the rules text (not the engine's score table greedy reads by index steps).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { createStrategy } from '../../src/engine/strategy.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { ScoreTable } from '../../src/games/sevenfall/scoring.js';
import { STOP, type SevenfallView } from '../../src/games/sevenfall/view.js';
import { SEVENFALL_STRATEGIES } from '../../strategies/sevenfall/index.js';
import { RULES_TEXT_CATEGORIES, independentScore } from '../helpers/sevenfall-independent-score.js';

function longWay(v: SevenfallView, margin: number): number {
  const r = v.rules;
  const kinds = r.symbols + 2;
  const full = (t: number): number => (t < r.symbols ? r.copiesPerSymbol : t === r.symbols ? r.wilds : r.breaks);
  const counts = new Array<number>(kinds).fill(0);
  const row = Array.from({ length: v.row.length }, (_, i) => v.row[i]);
  for (const t of row) counts[t]++;
  const score = (c: number[]): number => independentScore(c.slice(0, r.symbols), c[r.symbols], c[r.symbols + 1], RULES_TEXT_CATEGORIES);
  const left = counts.map((c, t) => full(t) - c - v.outOfPlay[t]);
  const pool = left.reduce((a, b) => a + b, 0);
  let best = -1;
  let bestEv = score(counts) + margin;
  const tried = new Set<number>();
  row.forEach((tile, i) => {
    if (v.locked[i] !== 0 || tried.has(tile)) return;
    tried.add(tile);
    let sum = 0;
    for (let t = 0; t < kinds; t++) {
      const c = counts.slice();
      c[tile]--;
      c[t]++;
      sum += left[t] * score(c);
    }
    if (sum / pool > bestEv) {
      bestEv = sum / pool;
      best = i;
    }
  });
  return best < 0 ? STOP : 1 << best;
}

describe('greedy', () => {
  // The presets, and rules with Wilds and Breaks at or past the row's size or none at all (a row at those limits).
  const cases = [
    ['sevenfall', sevenfallPreset('sevenfall')],
    ['sevenfall-6x6', sevenfallPreset('sevenfall-6x6')],
    ['3 symbols, 9 Wilds, 8 Breaks', { ...sevenfallPreset('sevenfall'), symbols: 3, copiesPerSymbol: 9, wilds: 9, breaks: 8 }],
    ['no Wilds or Breaks', { ...sevenfallPreset('sevenfall'), wilds: 0, breaks: 0 }],
  ] as const;
  for (const [name, rules] of cases) {
    it(`picks the discard the long way picks (${name}, random rows, locks, tiles out of play and margins)`, () => {
      const table = new ScoreTable(rules);
      const kinds = rules.symbols + 2;
      const full = (t: number): number => (t < rules.symbols ? rules.copiesPerSymbol : t === rules.symbols ? rules.wilds : rules.breaks);
      const bag: number[] = [];
      for (let t = 0; t < kinds; t++) for (let k = 0; k < full(t); k++) bag.push(t);
      fc.assert(
        fc.property(fc.shuffledSubarray(bag, { minLength: rules.rowSize + 8, maxLength: rules.rowSize + 8 }), fc.array(fc.boolean(), { minLength: rules.rowSize, maxLength: rules.rowSize }), fc.nat(8), fc.constantFrom(0, 0.5, 2), (drawn, locks, gone, margin) => {
          const row = Uint8Array.from(drawn.slice(0, rules.rowSize));
          const outOfPlay = new Uint8Array(kinds);
          for (const t of drawn.slice(rules.rowSize, rules.rowSize + gone)) outOfPlay[t]++;
          const view: SevenfallView = { rules, row, locked: Uint8Array.from(locks.map(Number)), discardsLeft: 3, outOfPlay, seat: 0, players: 1, round: 0, totals: new Int32Array(1) };
          const greedy = createStrategy('sevenfall', SEVENFALL_STRATEGIES, `greedy:margin=${margin}`, { rules, table, rng: new Rng('g') });
          expect(greedy.decide(view)).toBe(longWay(view, margin));
        }),
        { seed: 15, numRuns: 300 },
      );
    });
  }
});
