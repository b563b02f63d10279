/**
 * Exact bust chances of held rows (next card, within a Triple Draw), checked by hand on small cases and
 * against a naive walk over every ordered draw of the explicit unseen cards; the input parsers'
 * errors; and the full table of a solo strategy, exact beside the engine's measured rates.
 */
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/dirs.js';
import { UserError } from '../../src/engine/errors.js';
import { type UnseenCards, defaultUnseen, rowBust } from '../../src/games/sevn/bust-row.js';
import { type BustTable, bustTable as bustTableOf } from '../../src/games/sevn/bust-table.js';
import type { SevnRules } from '../../src/games/sevn/rules.js';
import { parseHeld, parseUnseen } from '../../src/games/sevn/analyses/bust-table.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { expectWithinSE } from '../helpers/stats.js';
import { soloPass } from '../../src/games/sevn/solo-pass.js';
import { soloStayAt } from '../../src/games/sevn/exact.js';
import { engineSoloRounds } from '../helpers/sevn-solo.js';
import { onSevn } from '../helpers/presets.js';

const bustTable = (r: SevnRules, o: Parameters<typeof bustTableOf>[2]) => bustTableOf(r, SEVN_STRATEGIES, o);

const unseen = (numbers: Record<number, number>, rest: Partial<Omit<UnseenCards, 'numbers'>> = {}): UnseenCards => {
  const n = new Array<number>(31).fill(0);
  for (const [v, c] of Object.entries(numbers)) n[Number(v)] = c;
  return { numbers: n, secondChance: 0, ballast: 0, other: 0, ...rest };
};

/** Every ordered draw of the explicit cards, up to `k`, by the rules of the Triple Draw (independent of the memo). */
function naive(cards: (number | 'sc' | 'ballast' | 'other')[], held: number[], distinct0: number, sc0: boolean, k: number, target: number): { bust: number; sevn: number } {
  const used = new Uint8Array(cards.length);
  const go = (left: number, row: number[], distinct: number, sc: boolean): [number, number] => {
    const avail = cards.length - used.reduce((a, b) => a + b, 0);
    if (left === 0 || avail === 0) return [0, 0];
    let bust = 0;
    let sevn = 0;
    for (let i = 0; i < cards.length; i++) {
      if (used[i]) continue;
      used[i] = 1;
      const c = cards[i];
      let r: [number, number];
      if (typeof c === 'number') {
        if (row.includes(c)) r = sc ? go(left - 1, row, distinct, false) : [1, 0];
        else if (distinct + 1 >= target) r = [0, 1];
        else r = go(left - 1, [...row, c], distinct + 1, sc);
      } else if (c === 'sc') r = go(left - 1, row, distinct, true);
      else if (c === 'ballast' && distinct + 1 >= target) r = [0, 1];
      else r = go(left - 1, row, distinct, sc);
      used[i] = 0;
      bust += r[0] / avail;
      sevn += r[1] / avail;
    }
    return [bust, sevn];
  };
  const [bust, sevn] = go(k, held, distinct0, sc0);
  return { bust, sevn };
}

const explicit = (u: UnseenCards): (number | 'sc' | 'ballast' | 'other')[] => [
  ...u.numbers.flatMap((c, v) => Array<number>(c).fill(v)),
  ...Array<'sc'>(u.secondChance).fill('sc'),
  ...Array<'ballast'>(u.ballast).fill('ballast'),
  ...Array<'other'>(u.other).fill('other'),
];

describe('rowBust: hand-worked rows', () => {
  const numbers = sevnPreset('sevn-numbers');
  const full = sevnPreset('sevn');

  it('holding {13, 12} on sevn-numbers: next card 23/90 (12 more 13s and 11 more 12s among 92 - 2)', () => {
    const b = rowBust(numbers, parseHeld(numbers, '13,12'));
    expect(b.unseenTotal).toBe(90);
    expect(b.unseenDuplicates).toBe(23);
    expect(b.bustNext).toBeCloseTo(23 / 90, 15);
  });

  it('holding {13, 12} on the full sevn deck: 23/118; 0 with a Second Chance', () => {
    expect(rowBust(full, parseHeld(full, '13,12')).bustNext).toBeCloseTo(23 / 118, 15);
    const sc = rowBust(full, parseHeld(full, '13,12', true));
    expect(sc.unseenTotal).toBe(117);
    expect(sc.bustNext).toBe(0);
  });

  it('Triple Draw on small unseen sets, by hand', () => {
    const row = parseHeld(full, '2');
    // {2, 3, X, X}: three of four cards drawn; no bust only when the 2 comes last: 1 - 1/4.
    const a = rowBust(full, row, unseen({ 2: 1, 3: 1 }, { other: 2 }));
    expect(a.bustNext).toBeCloseTo(1 / 4, 15);
    expect(a.bustTripleDraw).toBeCloseTo(3 / 4, 15);
    // {2, 3, SC, X}: a bust needs the 2 before the Second Chance (1/2), and then it is always in the first three.
    expect(rowBust(full, row, unseen({ 2: 1, 3: 1 }, { secondChance: 1, other: 1 })).bustTripleDraw).toBeCloseTo(1 / 2, 15);
    // Six values held, SEVN at 7: a new value or a Ballast ends the sequence in a SEVN.
    const six = parseHeld(full, '2,3,4,5,6,7');
    const c = rowBust(full, six, unseen({ 2: 1, 8: 1 }));
    expect([c.bustTripleDraw, c.sevnTripleDraw]).toEqual([0.5, 0.5]);
    const d = rowBust(full, six, unseen({ 2: 1 }, { ballast: 1, other: 2 }));
    // 2 first: bust (1/4); Ballast first: SEVN (1/4); X first (1/2) then the same from {2, B, X}: 1/3 each,
    // then X again (1/6): the last card decides.
    expect(d.bustTripleDraw).toBeCloseTo(1 / 4 + (1 / 2) * (1 / 3 + (1 / 3) * (1 / 2)), 15);
    expect(d.bustTripleDraw + d.sevnTripleDraw).toBeCloseTo(1, 15);
  });

  it('agrees with the naive walk over every ordered draw on the full deck', () => {
    for (const [held, sc] of [['13,12,-2', false], ['13,12', true], ['1,3,5,7,9,11', false]] as const) {
      const row = parseHeld(full, held, sc);
      const u = defaultUnseen(full, row);
      const b = rowBust(full, row, u);
      const ref = naive(explicit(u), row.numbers, row.numbers.length + row.ballast.length, row.secondChance, 3, 7);
      expect(b.bustTripleDraw, held).toBeCloseTo(ref.bust, 12);
      expect(b.sevnTripleDraw, held).toBeCloseTo(ref.sevn, 12);
    }
  }, 30_000);

  it('parses --unseen overrides and validates them', () => {
    const row = parseHeld(full, '13,12');
    const u = parseUnseen(full, row, '13:2,12:0,sc:1,other:10,ballast:0');
    expect(u.numbers[13]).toBe(2);
    expect(u.numbers[12]).toBe(0);
    expect(u.numbers[5]).toBe(5);
    expect(rowBust(full, row, u).bustNext).toBeCloseTo(2 / (92 - 2 - 23 + 2 + 1 + 10), 15);
    expect(() => parseUnseen(full, row, '13:13')).toThrow(/holds only 12/);
    expect(() => parseUnseen(full, row, '14:1')).toThrow(/no number card 14/);
    expect(() => parseUnseen(full, row, 'sc:4')).toThrow(UserError);
    expect(() => parseUnseen(full, row, 'foo:1')).toThrow(/unknown card/);
    expect(() => parseUnseen(full, row, '5=1')).toThrow(/card:count/);
    expect(() => parseUnseen(full, row, '5:1,5:2')).toThrow(/twice/);
    expect(() => parseUnseen(numbers, parseHeld(numbers, '1'), Array.from({ length: 14 }, (_, v) => `${v}:0`).join(','))).toThrow(/no unseen cards/);
  });

  it('validates --held', () => {
    expect(() => parseHeld(numbers, '13,13')).toThrow(/twice/);
    expect(() => parseHeld(numbers, '14')).toThrow(/no number card 14/);
    expect(() => parseHeld(numbers, '-1')).toThrow(/no Ballast card -1/);
    expect(() => parseHeld(numbers, 'x')).toThrow(UserError);
    expect(() => parseHeld(numbers, '1,2,3,4,5,6,7')).toThrow(/SEVN/);
    expect(() => parseHeld(numbers, '1', true)).toThrow(/no Second Chance/);
    expect(parseHeld(full, '-2,5').ballast).toEqual([-2]);
    expect(() => parseHeld(full, '13 Freeze')).toThrow(/Freeze resolves when drawn and never stays in a row/);
    expect(() => parseHeld(full, '13 sc SecondChance')).toThrow(/at most one/);
    expect(() => parseHeld(numbers, '13 +4')).toThrow(/"\+4" is not a card of rules "sevn-numbers"/);
  });

  it('--held takes the card list --row takes: spaces or commas, SecondChance, modifiers out of the unseen cards', () => {
    expect(parseHeld(full, '13 12 -2')).toEqual(parseHeld(full, '13,12,-2'));
    expect(parseHeld(full, '13 SecondChance')).toEqual(parseHeld(full, '13', true));
    expect(parseHeld(full, 'none')).toEqual(parseHeld(full, ''));
    // As in the test above (120 cards; 23 unseen 13s and 12s), with +4 and x2 out of the deck too: 23/116.
    const b = rowBust(full, parseHeld(full, '13 12 +4 x2'));
    expect(b.unseenTotal).toBe(116);
    expect(b.unseenDuplicates).toBe(23);
    expect(b.bustNext).toBeCloseTo(23 / 116, 15);
  });
});

describe('bustTable: the full table of a solo strategy', () => {
  it('stay-at:points=25 on sevn-numbers: exact reach and bust rates match 300,000 engine rounds within 4 SE', () => {
    const rounds = 300_000;
    const t = bustTable(sevnPreset('sevn-numbers'), { strategy: 'stay-at:points=25', rounds, seed: 11 });
    expect(t.exact).toBe(true);
    let checked = 0;
    let reachSum = 0;
    for (const row of t.rows) {
      reachSum += row.reach;
      expect(row.points).toBeLessThan(25);
      const se = Math.sqrt((row.reach * (1 - row.reach)) / rounds);
      expectWithinSE(row.simDraws / rounds, row.reach, se, `reach at ${row.distinct}/${row.points}`);
      if (row.simDraws >= 2000) {
        const bse = Math.sqrt((row.bustExact * (1 - row.bustExact)) / row.simDraws);
        expectWithinSE(row.simRate, row.bustExact, bse, `bust at ${row.distinct}/${row.points}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
    // Expected draws per round = the sum of reach (each held set is drawn from at most once). The test's
    // own recursion gives the draws after the deal, D: from a held set S with sum < 25 and fewer than 7
    // values the player draws, D(S) = 1 + D(S + v) (a duplicate busts: D' = 0), so with p(v) = copies(v) /
    // (92 - |S|): E[D(S)] = 1 + sum p(v) E[D(S+v)], E[D(S)^2] = 1 + sum p(v) (2 E[D(S+v)] + E[D(S+v)^2]).
    const r = sevnPreset('sevn-numbers');
    const deck = r.numbers.filter((n) => n.copies > 0);
    const total = deck.reduce((a, n) => a + n.copies, 0);
    const memo = new Map<string, [number, number]>();
    const moments = (held: number[]): [number, number] => {
      const sum = held.reduce((a, v) => a + v, 0);
      if (held.length > 0 && (sum >= 25 || held.length === r.sevn.distinct)) return [0, 0];
      const key = [...held].sort((a, b) => a - b).join();
      const known = memo.get(key);
      if (known) return known;
      let m1 = held.length > 0 ? 1 : 0;
      let m2 = m1;
      for (const n of deck) {
        if (held.includes(n.value)) continue;
        const p = n.copies / (total - held.length);
        const [a, b] = moments([...held, n.value]);
        m1 += p * a;
        m2 += p * (held.length > 0 ? 2 * a + b : b); // the deal (empty row) is not a draw
      }
      memo.set(key, [m1, m2]);
      return [m1, m2];
    };
    const [mean, square] = moments([]);
    expect(reachSum).toBeCloseTo(mean, 12);
    const sims = t.rows.reduce((a, x) => a + x.simDraws, 0) / rounds;
    expectWithinSE(sims, mean, Math.sqrt((square - mean * mean) / rounds), 'draws per round');
  }, 60_000);

  it('optimal-solo and bust-cap have exact tables; a full deck has simulated columns only', () => {
    expect(bustTable(sevnPreset('flip7-numbers'), { strategy: 'optimal-solo', rounds: 0, seed: 1 }).rows.every((r) => r.reach > 0 && r.simDraws === 0)).toBe(true);
    expect(bustTable(sevnPreset('sevn-numbers'), { strategy: 'bust-cap:p=0.2', rounds: 0, seed: 1 }).rows.every((r) => r.bustExact <= 0.2)).toBe(true);
    const f = bustTable(sevnPreset('sevn'), { strategy: 'stay-at:points=25', rounds: 20_000, seed: 2, maxSteps: 100_000 });
    expect(f.exact).toBe(false);
    expect(f.noExact).toMatch(/the exact pass would reach more than 100,000 states/);
    expect(f.rows.every((r) => Number.isNaN(r.reach))).toBe(true);
    expect(f.rows.reduce((a, r) => a + r.simDraws, 0)).toBeGreaterThan(20_000);
    expect(() => bustTable(sevnPreset('sevn'), { strategy: 'nope', rounds: 10, seed: 1 })).toThrow(UserError);
    const random = bustTable(sevnPreset('sevn-numbers'), { strategy: 'random', rounds: 1000, seed: 1 });
    expect(random.exact).toBe(false);
    expect(random.noExact).toMatch(/random declares no solo draw rule/);
    expect(bustTable(sevnPreset('sevn-numbers'), { strategy: 'stay-at', rounds: 0, seed: 1 }).noExact).toBeNull();
  });
});

describe('bust-table command layer', () => {
  it('row: the JSON fields and the text', async () => {
    const { bustRowCommand, formatBustRow } = await import('../../src/games/sevn/analyses/bust-table.js');
    const r = sevnPreset('sevn-numbers');
    const b = bustRowCommand(r, { held: '13,12' });
    expect(b.bustNext).toBeCloseTo(23 / 90, 15);
    expect(b.bustTripleDraw).toBeGreaterThan(b.bustNext);
    expect(JSON.parse(JSON.stringify(b))).toMatchObject({ bustNext: b.bustNext, bustTripleDraw: b.bustTripleDraw });
    expect(formatBustRow(b, r)).toMatch(/25\.556%.*23\/90/);
    expect(bustRowCommand(r, { held: '13,12', unseen: '13:0,12:0' }).bustNext).toBe(0);
  });

  it('table: bust-table.arrow, bust-table.json and the banded text', async () => {
    const { readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { readArrowFile } = await import('../../src/io/arrow.js');
    const { bustTableCommand, formatBustTable } = await import('../../src/games/sevn/analyses/bust-table.js');
    const out = tempDir('sevn-bust');
    const t = await bustTableCommand(SEVN_STRATEGIES, sevnPreset('sevn-numbers'), 'sevn-numbers', { strategy: 'stay-at:points=25', rounds: 20_000, seed: 3, out });
    expect(readdirSync(out).sort()).toEqual(['bust-table.arrow', 'bust-table.json', 'run.json']);
    const a = readArrowFile(join(out, 'bust-table.arrow'));
    expect(a.numRows).toBe(t.rows.length);
    expect(a.schema.fields.map((f) => f.name)).toEqual(['distinct', 'points', 'reach', 'bust_exact', 'reach_bound', 'sim_rounds', 'sim_draws', 'sim_busts', 'sim_rate', 'sim_se', 'sim_ci_low', 'sim_ci_high']);
    const text = formatBustTable(t, 10);
    expect(text.split('\n').length).toBeLessThan(40);
    expect(text).toMatch(/^\s+1\s+10-19\s/m);
    // A row with no bust in few draws gets Wilson's interval, worked by hand: 0 of n gives [0, z^2 / (n + z^2)].
    const few = t.rows.find((r) => r.simDraws > 0 && r.simDraws < 20 && r.simBusts === 0)!;
    const z2 = 1.959963984540054 ** 2;
    expect(few.simCiLow).toBe(0);
    expect(few.simCiHigh).toBeCloseTo(z2 / (few.simDraws + z2), 12);
    // Enough of each outcome: the normal interval, p +/- 1.96 sqrt(p (1 - p) / n) from the counts.
    const many = t.rows.find((r) => r.simBusts >= 5 && r.simDraws - r.simBusts >= 5)!;
    const p = many.simBusts / many.simDraws;
    expect(many.simCiLow).toBeCloseTo(p - 1.959963984540054 * Math.sqrt((p * (1 - p)) / many.simDraws), 12);
    expect(many.simCiHigh).toBeCloseTo(p + 1.959963984540054 * Math.sqrt((p * (1 - p)) / many.simDraws), 12);
    // The text bands rows: 0 busts in 3 draws shows [0.0000, 0.5615].
    expect(formatBustTable({ ...t, rows: [{ ...few, points: 5, distinct: 3, simDraws: 3, simBusts: 0 }] }, 10)).toMatch(/0\.0000 \[0\.0000, 0\.5615\]\s+3$/m);
    expect(() => formatBustTable(t, 0)).toThrow(UserError);
  });

  it('simulated draws/round (no exact column) carries its 95% CI, from the squares of a band\'s draws a round: by hand', async () => {
    const { formatBustTable } = await import('../../src/games/sevn/analyses/bust-table.js');
    // 4 rounds drawing 2, 2, 1 and 1 times at 2 distinct values, 10-19 points: 6 draws, squares 4 + 4 + 1 + 1 = 10.
    // mean 1.5, variance (10/4 - 1.5^2) x 4/3 = 1/3, se sqrt(1/3 / 4) = 0.288675, 1.96 se = 0.5658.
    const row = { distinct: 2, points: 12, reach: NaN, bustExact: NaN, reachBound: NaN, simRounds: 4, simDraws: 6, simBusts: 1, simRate: 1 / 6, simSe: 0, simCiLow: 0, simCiHigh: 1 };
    const t: BustTable = { rules: 'x', strategy: 'ev', exact: false, noExact: 'no rule', exactBound: NaN, allRowsBound: NaN, epsilon: 0, droppedChance: 0, dropped: [], pointsDrop: 0, rounds: 4, seed: 1, rows: [row], simBand: 10, simBandSquares: [[2 * 65536 + 10, 10]] };
    const text = formatBustTable(t, 10);
    expect(text).toMatch(/draws\/round \(95% CI\)/);
    expect(text).toMatch(/^\s+2\s+10-19\s+1\.5000 ± 0\.5658\s/m);
    // Under 5 draws in a band: no normal interval (2 draws in 3,000 rounds printed 0.0007 +- 0.0013, below 0).
    expect(formatBustTable({ ...t, rows: [{ ...row, simDraws: 2 }], simBandSquares: [[2 * 65536 + 10, 2]] }, 10)).toMatch(/^\s+2\s+10-19\s+0\.5000 \(< 5 draws\)\s/m);
    // Printed in another band than the one simulated: no CI, not a wrong one.
    expect(formatBustTable(t, 5)).toMatch(/^\s+2\s+10-14\s+1\.5000 \(no CI\)\s/m);
  });

  it('simulated round i is simulate\'s game i: the same decks whatever the strategy, and the busts simulate counts', async () => {
    const { simulate } = await import('../../src/run/simulate.js');
    const r = sevnPreset('flip7-numbers');
    const a = bustTableOf(r, SEVN_STRATEGIES, { strategy: 'stay-at:points=25', rounds: 4000, seed: 9 });
    const b = bustTableOf(r, SEVN_STRATEGIES, { strategy: 'stay-at:points=30', rounds: 4000, seed: 9 });
    // Both draw at one value held (at most 12 points): the same first cards, so the same draws and busts there.
    const one = (t: BustTable) => t.rows.filter((x) => x.distinct === 1).map((x) => [x.points, x.simDraws, x.simBusts]);
    expect(one(a).length).toBeGreaterThan(3);
    expect(one(b)).toEqual(one(a));
    // A solo round busts at most once: the table's busts are simulate's, seed for seed.
    const s = await simulate({ ...onSevn('flip7-numbers'), mode: 'round', players: ['stay-at:points=25'], games: 4000, seed: 9, threads: 1 });
    expect(a.rows.reduce((n, x) => n + x.simBusts, 0)).toBe(s.totals.seats[0].busts);
  });
});

describe('bustTable on a deck with modifiers, Second Chance, Freeze and Triple Draw: the forward pass (solo-pass.ts; every other card kind: solo-pass.test.ts)', () => {
  /** 45 cards: numbers 1..8 with 1..8 copies, x2 +3 +5, two each of Second Chance, Freeze and Triple Draw (3 cards); SEVN at 5 values. */
  const mixed: SevnRules = {
    ...sevnPreset('sevn-numbers'), name: 'mixed',
    numbers: [1, 2, 3, 4, 5, 6, 7, 8].map((v) => ({ value: v, copies: v })),
    modifiers: [{ kind: 'multiply', value: 2, count: 1 }, { kind: 'add', value: 3, count: 1 }, { kind: 'add', value: 5, count: 1 }],
    actions: { freeze: 2, secondChance: 2, tripleDraw: 2, crossroads: 0, storm: 0 }, tripleDrawCards: 3,
    sevn: { distinct: 5, bonus: 10 },
  };

  it('on number-only decks it gives the recursion over held sets (exact.ts)', () => {
    for (const [name, strategy] of [['sevn-numbers', 'stay-at:points=25'], ['flip7-numbers', 'bust-cap:p=0.25']]) {
      const r = sevnPreset(name);
      const pass = soloPass(r, SEVN_STRATEGIES, strategy, { epsilon: 0 });
      if ('why' in pass) throw new Error(pass.why);
      const table = bustTable(r, { strategy, rounds: 0, seed: 1 });
      expect(pass.rows.size).toBe(table.rows.length);
      for (const row of table.rows) {
        const p = pass.rows.get(row.distinct * 65536 + row.points)!;
        expect(p.reach).toBeCloseTo(row.reach, 12);
        expect(p.bust).toBeCloseTo(row.bustExact, 12);
      }
    }
    expect(soloPass(sevnPreset('sevn-numbers'), SEVN_STRATEGIES, 'stay-at:points=25', { epsilon: 0 })).toMatchObject({ mean: expect.closeTo(soloStayAt(sevnPreset('sevn-numbers'), 25).mean, 10) });
  });

  it('stay-at:points=20: the round score, bust and SEVN chances and every row against the engine (200,000 rounds, 4 SE)', () => {
    const rounds = 200_000;
    const pass = soloPass(mixed, SEVN_STRATEGIES, 'stay-at:points=20', { epsilon: 0 });
    if ('why' in pass) throw new Error(pass.why);
    // The engine's own solo rounds of the same strategy.
    const { sum, busts, sevns } = engineSoloRounds(mixed, 'stay-at:points=20', 7, rounds);
    expectWithinSE(sum / rounds, pass.mean, Math.sqrt((pass.meanSquare - pass.mean ** 2) / rounds), 'round score');
    expectWithinSE(busts / rounds, pass.bustChance, Math.sqrt((pass.bustChance * (1 - pass.bustChance)) / rounds), 'bust chance');
    expectWithinSE(sevns / rounds, pass.sevnChance, Math.sqrt((pass.sevnChance * (1 - pass.sevnChance)) / rounds), 'SEVN chance');

    const t = bustTable(mixed, { strategy: 'stay-at:points=20', rounds, seed: 3 });
    expect(t.exact).toBe(true);
    expect(t.noExact).toBeNull();
    let checked = 0;
    for (const row of t.rows) {
      // A row can be drawn at more than once a round (a Second Chance drawn or used leaves the points):
      // its count's variance is at most its mean times the most draws a row can see, 1 + 2 + 2.
      const se = Math.sqrt((5 * Math.max(row.reach, 1 / rounds)) / rounds);
      expectWithinSE(row.simDraws / rounds, row.reach, se, `reach at ${row.distinct}/${row.points}`);
      if (row.simDraws >= 2000) {
        expectWithinSE(row.simRate, row.bustExact, Math.sqrt((row.bustExact * (1 - row.bustExact)) / row.simDraws), `bust at ${row.distinct}/${row.points}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(15);
  }, 120_000);

  it('--drop-below: the bound in the JSON, the header line, and only the digits each band\'s bound leaves certain', async () => {
    const { sevnBustTable } = await import('../../src/games/sevn/analyses/bust-table.js');
    const { certainDigits } = await import('../../src/games/sevn/solo-bound.js');
    expect([certainDigits(0.12349, 0.12351, 4), certainDigits(0.12344, 0.12346, 4), certainDigits(0.1, 0.3, 4), certainDigits(0.5, 0.5, 6)]).toEqual(['0.1235', '0.123', '-', '0.500000']);
    const args = { strategy: 'stay-at:points=20', rounds: 0, seed: 1, band: 10, secondChance: false };
    const exact = (await sevnBustTable(SEVN_STRATEGIES, mixed, null, { ...args, dropBelow: 0 } as never)) as { report: BustTable; text: string };
    expect(exact.report).toMatchObject({ exact: true, exactBound: 0, allRowsBound: 0, droppedChance: 0, dropped: [] });
    expect(exact.text).not.toMatch(/within a bound/);
    const { report: t, text } = (await sevnBustTable(SEVN_STRATEGIES, mixed, null, { ...args, dropBelow: 1e-5 } as never)) as { report: BustTable; text: string };
    expect(t.exact).toBe(true);
    expect(t.epsilon).toBe(1e-5);
    expect(t.droppedChance).toBeGreaterThan(0);
    expect(t.exactBound).toBeGreaterThan(0);
    expect(t.allRowsBound).toBeGreaterThanOrEqual(t.exactBound);
    expect(t.exactBound).toBe(Math.max(...t.rows.map((r) => r.reachBound)));
    expect(JSON.parse(JSON.stringify(t)).dropped.length).toBe(t.dropped.length);
    expect(text).toMatch(/^Exact columns within a bound: the pass dropped the states below a 1e-5 chance \(\S+ in all\), which add at most \S+ draws\/round to a row listed/m);
    // Each band's cells: the exact values (dropping nothing) to the digits printed, fewer than its 6 and 4 somewhere.
    const band = (d: number, lo: number) => {
      const rows = exact.report.rows.filter((r) => r.distinct === d && r.points >= lo && r.points < lo + 10);
      const reach = rows.reduce((a, r) => a + r.reach, 0);
      return [reach, rows.reduce((a, r) => a + r.reach * r.bustExact, 0) / reach];
    };
    let cut = 0;
    for (const line of text.split('\n').filter((l) => /^\s+\d+\s+\d+-\d+\s/.test(l))) {
      const [d, pts, ...cells] = line.trim().split(/\s+/);
      const values = band(Number(d), Number(pts.split('-')[0]));
      for (const i of [0, 1]) {
        if (cells[i] === '-') continue;
        const digits = cells[i].length - 2;
        expect(cells[i], line).toBe(values[i].toFixed(digits));
        if (digits < (i === 0 ? 6 : 4)) cut++;
      }
    }
    expect(cut).toBeGreaterThan(0);
  });

  it('past its work cap the pass stops and says so (flip7, sevn); decks it leaves out, and why', () => {
    for (const preset of ['flip7', 'sevn']) {
      expect(soloPass(sevnPreset(preset), SEVN_STRATEGIES, 'stay-at:points=25', { maxSteps: 200_000 })).toMatchObject({ why: expect.stringMatching(/would reach more than 200,000 states/) });
    }
    // A deck small enough to be reshuffled within a round.
    expect(soloPass({ ...mixed, numbers: [{ value: 1, copies: 1 }, { value: 2, copies: 2 }, { value: 3, copies: 3 }] }, SEVN_STRATEGIES, 'stay-at')).toMatchObject({ why: expect.stringMatching(/reshuffled/) });
    // More actions than the pass keeps waiting (ten).
    expect(soloPass({ ...mixed, numbers: [{ value: 9, copies: 40 }, ...mixed.numbers], actions: { ...mixed.actions, freeze: 5, tripleDraw: 6 } }, SEVN_STRATEGIES, 'stay-at')).toMatchObject({ why: expect.stringMatching(/more than 10 Freeze, Triple Draw, Crossroads and Storm/) });
  });
});
