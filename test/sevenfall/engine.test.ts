import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { createStrategy } from '../../src/engine/strategy.js';
import { SevenfallEngine } from '../../src/games/sevenfall/engine.js';
import { sevenfallModule } from '../../src/catalog.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { ScoreTable, explainScore } from '../../src/games/sevenfall/scoring.js';
import type { SevenfallPlayer, SevenfallView } from '../../src/games/sevenfall/view.js';
import { SEVENFALL_STRATEGIES } from '../../strategies/sevenfall/index.js';
import { RULES_TEXT_CATEGORIES, independentScore } from '../helpers/sevenfall-independent-score.js';

const rules = sevenfallPreset('sevenfall');
const table = new ScoreTable(rules);
const player = (spec: string, rng = new Rng('p')): SevenfallPlayer =>
  createStrategy('sevenfall', SEVENFALL_STRATEGIES, spec, { rules, table, rng });
const scripted = (label: string, decide: (v: SevenfallView) => number): SevenfallPlayer => ({ label, decide });

function fullCounts(): number[] {
  return [...new Array(rules.symbols).fill(rules.copiesPerSymbol), rules.wilds, rules.breaks];
}

describe('SEVENFALL turn flow', () => {
  it('keeps every tile accounted for at every step (canister + row + out of play = 40)', () => {
    const engine = new SevenfallEngine(rules);
    const check = (): void => {
      const counts = new Array<number>(rules.symbols + 2).fill(0);
      for (const t of engine.remaining()) counts[t]++;
      for (const t of engine.row) counts[t]++;
      for (let t = 0; t < counts.length; t++) counts[t] += engine.outOfPlay[t];
      expect(counts).toEqual(fullCounts());
    };
    engine.tracer = { turnStart: check, discard: check, turnEnd: check };
    const rng = new Rng('conserve');
    const random = player('random', new Rng('r'));
    for (let i = 0; i < 2000; i++) engine.playTurn(random, rng, 0, 0, 1);
  });

  it('locks replacements, spends the budget across steps and asks no more once it is spent', () => {
    const engine = new SevenfallEngine(rules);
    const asked: { discardsLeft: number; locked: number[] }[] = [];
    const p = scripted('script', (v) => {
      asked.push({ discardsLeft: v.discardsLeft, locked: Array.from(v.locked) });
      return asked.length === 1 ? 0b11 : 0b100; // two at once, then one more
    });
    engine.playTurn(p, new Rng('flow'), 0, 0, 1);
    expect(asked).toEqual([
      { discardsLeft: 3, locked: [0, 0, 0, 0, 0, 0, 0] },
      { discardsLeft: 1, locked: [1, 1, 0, 0, 0, 0, 0] },
    ]);
    expect(Array.from(engine.locked)).toEqual([1, 1, 1, 0, 0, 0, 0]);
    expect(engine.outOfPlay.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it.each([
    ['a locked position (position 0 again, after replacing it)', () => 0b1],
    ['more tiles than the budget', () => 0b1111],
    ['a position outside the row', () => 1 << 7],
    ['a negative code', () => -1],
    ['a fraction', () => 1.5],
  ])('rejects %s with an error naming the strategy', (_what, pick) => {
    const engine = new SevenfallEngine(rules);
    const p = scripted('bad-bot:x=1', () => pick());
    expect(() => engine.playTurn(p, new Rng('bad'), 0, 0, 1)).toThrow(/strategy "bad-bot:x=1" returned illegal action/);
  });

  it('random plays only legal actions and covers stop and multi-tile discards', () => {
    const engine = new SevenfallEngine(rules);
    const random = player('random', new Rng('cover'));
    const sizes = new Set<number>();
    engine.tracer = {
      turnStart() {},
      discard(_s, mask) {
        let bits = 0;
        for (let m = mask; m; m &= m - 1) bits++;
        sizes.add(bits);
      },
      turnEnd() {},
    };
    for (let i = 0; i < 500; i++) engine.playTurn(random, new Rng(`t${i}`), 0, 0, 1);
    expect([...sizes].sort()).toEqual([1, 2, 3]);
  });

  it('scores every final row as the independent scorer does (2,000 turns of random and greedy)', () => {
    const engine = new SevenfallEngine(rules);
    let turns = 0;
    const seen = new Set<number>();
    engine.tracer = {
      turnStart() {},
      discard() {},
      turnEnd(_seat, row, score) {
        const c = new Array<number>(rules.symbols + 2).fill(0);
        for (const t of row) c[t]++;
        expect(score, `row ${Array.from(row).join(' ')}`).toBe(independentScore(c.slice(0, rules.symbols), c[rules.symbols], c[rules.symbols + 1], RULES_TEXT_CATEGORIES));
        seen.add(score);
        turns++;
      },
    };
    const rng = new Rng('independent-score');
    for (const spec of ['random', 'greedy']) {
      const p = player(spec, new Rng(spec));
      for (let i = 0; i < 1000; i++) engine.playTurn(p, rng, 0, 0, 1);
    }
    expect(turns).toBe(2000);
    expect(seen.size).toBeGreaterThan(6);
  }, 60_000);

  it('scores rows whose tile counts fit one int32 (3 and 4 bits a count) and rows whose counts do not, as the independent scorer does', () => {
    // scoreRow keeps its counts as bit fields of one int32 when (symbols + 2) codes x the bits of rowSize
    // fit in 31 bits, else in an array: the preset (9 codes x 3 bits), 8-tile rows (7 codes x 4 bits)
    // and 12 tile codes (36 bits: the array).
    const variants = [rules, { ...rules, symbols: 5, copiesPerSymbol: 8, rowSize: 8 }, { ...rules, symbols: 10, copiesPerSymbol: 4 }];
    const rng = new Rng('score-row');
    for (const r of variants) {
      const engine = new SevenfallEngine(r);
      const scores = new Set<number>();
      for (let n = 0; n < 3000; n++) {
        // A row of the canister's tiles: a partial shuffle of the pool.
        const pool = Array.from(engine.pool);
        for (let i = 0; i < r.rowSize; i++) {
          const j = i + rng.below(pool.length - i);
          [pool[i], pool[j]] = [pool[j], pool[i]];
          engine.row[i] = pool[i];
        }
        const c = new Array<number>(r.symbols + 2).fill(0);
        for (const t of engine.row) c[t]++;
        const score = engine.scoreRow();
        expect(score, `row ${Array.from(engine.row).join(' ')}`).toBe(independentScore(c.slice(0, r.symbols), c[r.symbols], c[r.symbols + 1], RULES_TEXT_CATEGORIES));
        scores.add(score);
      }
      expect(scores.size).toBeGreaterThan(5);
    }
  });

  it('greedy discards a Break first when it holds one', () => {
    const greedy = player('greedy');
    // A row of A A A B B C X: the Break costs 5 points (8 -> 3); replacing it can only help.
    const view = { rules, row: Uint8Array.from([0, 0, 0, 1, 1, 2, 8]), locked: new Uint8Array(7), discardsLeft: 3, outOfPlay: new Uint8Array(9), seat: 0, players: 1, round: 0, totals: new Int32Array(1) };
    expect(greedy.decide(view)).toBe(1 << 6);
  });

  it('greedy scores more than stand per turn', () => {
    const run = (spec: string): number => {
      const r = sevenfallModule.createRunner(rules, [spec], 'round');
      r.reseedGame(5, 0);
      let sum = 0;
      for (let i = 0; i < 20000; i++) {
        r.playOne();
        sum += r.scores[0];
      }
      return sum / 20000;
    };
    expect(run('greedy')).toBeGreaterThan(run('stand') + 1);
  });
});

describe('SEVENFALL properties', () => {
  const rowArb = fc
    .array(fc.integer({ min: 0, max: rules.symbols + 1 }), { minLength: rules.rowSize, maxLength: rules.rowSize })
    .filter((row) => fullCounts().every((n, t) => row.filter((x) => x === t).length <= n));
  const counts = (row: number[]): Uint8Array => {
    const c = new Uint8Array(rules.symbols + 2);
    for (const t of row) c[t]++;
    return c;
  };

  it('a Wild in place of any tile never lowers the score; a Break never raises it', () => {
    fc.assert(
      fc.property(rowArb, fc.nat(rules.rowSize - 1), (row, i) => {
        const s = table.scoreCounts(counts(row));
        const asGroups = (r: number[]) => Array.from(counts(r)).slice(0, rules.symbols);
        const withWild = [...row];
        withWild[i] = rules.symbols;
        const withBreak = [...row];
        withBreak[i] = rules.symbols + 1;
        // The rule function directly (no canister limit on how many Wilds or Breaks a row holds).
        const w = explainScore(asGroups(withWild), withWild.filter((t) => t === rules.symbols).length, withWild.filter((t) => t === rules.symbols + 1).length, rules.categories).score;
        const b = explainScore(asGroups(withBreak), withBreak.filter((t) => t === rules.symbols).length, withBreak.filter((t) => t === rules.symbols + 1).length, rules.categories).score;
        expect(w).toBeGreaterThanOrEqual(s);
        expect(b).toBeLessThanOrEqual(s);
      }),
      { numRuns: 2000, seed: 42 },
    );
  });

  it('the table scores every possible row as an independent scorer written from the rules text (both presets)', () => {
    // Every multiset of rowSize tiles the canister can give (symbols <= copies, Wilds, Breaks), scored
    // by the table and by test/helpers/sevenfall-independent-score.ts with the rules text's points,
    // which shares no code or data with src.
    for (const preset of ['sevenfall', 'sevenfall-6x6']) {
      const r = sevenfallPreset(preset);
      const t = new ScoreTable(r);
      const limit = [...new Array(r.symbols).fill(r.copiesPerSymbol), r.wilds, r.breaks];
      const c = new Uint8Array(r.symbols + 2);
      let rows = 0;
      const scores = new Set<number>();
      const visit = (kind: number, left: number): void => {
        if (kind === limit.length) {
          if (left > 0) return;
          rows++;
          const expected = independentScore(Array.from(c.subarray(0, r.symbols)), c[r.symbols], c[r.symbols + 1], RULES_TEXT_CATEGORIES);
          const got = t.scoreCounts(c);
          if (got !== expected) expect(got, `${preset} row counts ${Array.from(c).join(' ')}`).toBe(expected);
          const cat = t.categoryCounts(c);
          expect(cat < 0 ? 0 : r.categories[cat].points).toBe(expected);
          scores.add(expected);
          return;
        }
        for (let k = 0; k <= Math.min(left, limit[kind]); k++) {
          c[kind] = k;
          visit(kind + 1, left - k);
        }
        c[kind] = 0;
      };
      visit(0, r.rowSize);
      expect(rows).toBeGreaterThan(1000);
      // Every point value of the table is scored by some row, 0 included.
      expect([...scores].sort((a, b) => a - b)).toEqual([0, 1, 3, 5, 6, 8, 10, 12, 15, 16, 18]);
    }
  }, 60_000);

  it('the rule function agrees with the independent scorer on random category tables and rows past the canister limits', () => {
    // Tables of 1..6 categories of 1..3 parts, rows of up to 5 symbols with up to 4 Wilds and 3 Breaks.
    const categoryArb = fc.record({ parts: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }), points: fc.integer({ min: 1, max: 30 }) });
    fc.assert(
      fc.property(
        fc.array(categoryArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        (cats, groups, wilds, breaks) => {
          const categories = cats.map((k, i) => ({ name: `c${i}`, parts: [...k.parts].sort((a, b) => b - a), points: k.points }));
          expect(explainScore(groups, wilds, breaks, categories).score).toBe(independentScore(groups, wilds, breaks, categories));
        },
      ),
      { numRuns: 3000, seed: 7 },
    );
  }, 60_000);

  it('the same seed replays the same game, trace and all', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        const a = sevenfallModule.trace(rules, ['greedy', 'random', 'stand'], seed);
        expect(sevenfallModule.trace(rules, ['greedy', 'random', 'stand'], seed)).toBe(a);
      }),
      { numRuns: 20, seed: 3 },
    );
  });

  it('a game credits a tied lead equally', () => {
    const r = sevenfallModule.createRunner(rules, ['stand', 'stand', 'stand'], 'game');
    r.reseedGame(1, 0);
    let ties = 0;
    for (let i = 0; i < 3000; i++) {
      r.playOne();
      const best = Math.max(...r.scores);
      const k = Array.from(r.scores).filter((s) => s === best).length;
      Array.from(r.scores).forEach((s, seat) => expect(r.winShare[seat]).toBeCloseTo(s === best ? 1 / k : 0, 12));
      if (k > 1) ties++;
    }
    expect(ties).toBeGreaterThan(0);
  });
});

describe('SEVENFALL rule options', () => {
  it('refill "round": tiles taken earlier in the round are out of play for later turns', () => {
    const r = { ...rules, refill: 'round' as const };
    const engine = new SevenfallEngine(r);
    const seen: number[][] = [];
    const atStart: number[][] = [];
    engine.tracer = {
      turnStart: (_s, _r, row) => {
        atStart.push(Array.from(engine.outOfPlay));
        seen.push(Array.from(row));
      },
      discard: () => {},
      turnEnd: () => {},
    };
    const greedy = createStrategy('sevenfall', SEVENFALL_STRATEGIES, 'greedy', { rules: r, table, rng: new Rng('g') });
    const rng = new Rng('refill');
    for (let game = 0; game < 50; game++) {
      engine.startRound();
      seen.length = 0;
      atStart.length = 0;
      const taken = new Array<number>(r.symbols + 2).fill(0);
      for (let seat = 0; seat < 3; seat++) {
        // What was out of play at this turn's start is exactly what the earlier turns took.
        expect(atStart[seat] ?? null, `turn ${seat}`).toBeNull();
        engine.playTurn(greedy, rng, seat, 0, 3);
        expect(atStart[seat]).toEqual(taken);
        for (let t = 0; t < taken.length; t++) taken[t] = engine.outOfPlay[t];
        for (const t of engine.row) taken[t]++;
      }
      const full = fullCounts();
      taken.forEach((n, t) => expect(n).toBeLessThanOrEqual(full[t]));
    }
  });

  it('refill "round" refuses a lineup the canister cannot serve', () => {
    const r = { ...rules, refill: 'round' as const };
    expect(() => sevenfallModule.checkLineup!(r, ['stand', 'stand', 'stand', 'stand'], 'game')).not.toThrow();
    expect(() => sevenfallModule.checkLineup!(r, new Array(5).fill('stand'), 'game')).toThrow(/5 players may take 50 tiles.*canister holds 40/);
    expect(() => sevenfallModule.checkLineup!(rules, new Array(8).fill('stand'), 'game')).not.toThrow();
  });

  it('tieRule "none": a tied lead wins nothing', () => {
    const r = sevenfallModule.createRunner({ ...rules, tieRule: 'none' }, ['stand', 'stand'], 'game');
    r.reseedGame(4, 0);
    let ties = 0;
    for (let i = 0; i < 3000; i++) {
      r.playOne();
      if (r.scores[0] === r.scores[1]) {
        ties++;
        expect([r.winShare[0], r.winShare[1]]).toEqual([0, 0]);
      } else expect(r.winShare[0] + r.winShare[1]).toBe(1);
    }
    expect(ties).toBeGreaterThan(0);
  });
});

describe('SEVENFALL lineups', () => {
  it('refuse solved strategies when turns do not start from the full canister', () => {
    expect(() => sevenfallModule.checkLineup!({ ...rules, refill: 'round' }, ['greedy', 'optimal:objective=ev'], 'game')).toThrow(/optimal:objective=ev: plays a policy solved for turns that start from the full canister/);
  });
});

describe('SEVENFALL game shape', () => {
  it('plays 5 rounds, seats in order each round, totals the sum of turn scores', () => {
    const engine = new SevenfallEngine(rules);
    const order: string[] = [];
    const scores = [0, 0, 0];
    engine.tracer = {
      turnStart: (seat, round) => order.push(`${round}:${seat}`),
      discard: () => {},
      turnEnd: (seat, _row, score) => (scores[seat] += score),
    };
    const players = ['greedy', 'stand', 'random'].map((s) => player(s, new Rng(s)));
    engine.playGame(players, new Rng('shape'));
    expect(order).toEqual([0, 1, 2, 3, 4].flatMap((r) => [0, 1, 2].map((s) => `${r}:${s}`)));
    expect(Array.from(engine.totals.subarray(0, 3))).toEqual(scores);
  });
});
