/**
 * `search`: on `sevn-numbers` solo rounds it takes the exact optimal action (the SEVN solver's) at
 * every reachable decision where the exact values of drawing and staying differ by at least 2 points;
 * in game mode it stays when staying wins and draws when staying loses, and it freezes the opponent
 * who could still overtake it at the end of the game; the same seed gives the same games on 1 and 2 threads. Fixed
 * seeds: cannot flake.
 */
import { describe, expect, it } from 'vitest';
import { sevnModule } from '../../src/catalog.js';
import { SevnCards } from '../../src/games/sevn/cards.js';
import { decidingWinShares, LastSeatSolver, objectiveUtility } from '../../src/games/sevn/last-seat.js';
import { sevnPreset, type SevnRules } from '../../src/games/sevn/rules.js';
import { solveSevnSolo } from '../../src/games/sevn/solver.js';
import { Answer, Decision, Status } from '../../src/games/sevn/view.js';
import { compare } from '../../src/run/compare.js';
import { bot, situation } from './views.js';

const numbers = sevnPreset('sevn-numbers');

/**
 * Seat 0's exact values (draw, stay) as the last seat in: seat 1's row on the table (stayed or busted),
 * `seen` discarded; `utility` per final round score.
 */
function lastSeatValues(row: string[], other: string[], seen: string[], utility: Float64Array): [number, number] {
  const cards = new SevnCards(numbers);
  const deck = Array.from(cards.copies);
  const discard = new Array<number>(cards.codes).fill(0);
  for (const c of [...row, ...other, ...seen]) deck[cards.code(c)]--;
  for (const c of seen) discard[cards.code(c)]++;
  const s = new LastSeatSolver(numbers, cards);
  s.load({ deck, discard, row: row.map((c) => cards.code(c)) }, utility);
  return [s.drawValue(), s.stayValue()];
}

type Searcher = { drawOrStay(v: unknown): number; played: number };

describe('search', () => {
  it('takes the exact optimal solo action wherever draw and stay differ clearly (sevn-numbers)', () => {
    const rules = sevnPreset('sevn-numbers');
    const solution = solveSevnSolo(rules);
    // Reachable decisions under optimal play with a clear gap, the likeliest first.
    const rows = solution.policyRows().filter((r) => r.reach > 1e-3 && Math.abs(r.drawValue - r.stayValue) >= 2).sort((a, b) => b.reach - a.reach).slice(0, 40);
    expect(rows.length).toBe(40);
    expect(new Set(rows.map((r) => r.best)).size).toBe(2); // both answers are tested
    // Its own later decisions are ev's, not the optimum's: only clear gaps are asked for.
    const player = bot('search:objective=round,play=ev,rollouts=4000,min=100,z=3', rules);
    for (const r of rows) {
      const v = situation({ rules, rows: [r.held.split(',')] });
      expect(v.points).toBe(r.points);
      expect(player.drawOrStay(v), `held ${r.held}: draw ${r.drawValue.toFixed(2)}, stay ${r.stayValue.toFixed(2)}`).toBe(r.best === 'draw' ? Answer.DRAW : Answer.STAY);
    }
  }, 120_000);

  it('takes the exact answer at the last seat in where the exact values differ clearly, by rollouts alone and by the recursion (round score)', () => {
    const positions: [string[], string[], string[]][] = [
      [['13', '12'], ['5'], ['7', '7']],
      [['2', '3'], ['13', '13'], []],
      [['11', '9', '4'], ['8', '8'], ['10', '10', '3']],
      [['12', '11', '10'], ['6'], []],
      [['1', '2'], ['3', '4', '5'], ['6']],
      [['13', '12', '11', '10'], ['9', '9'], ['0']],
      [['0', '1', '2', '3', '4', '5'], ['9'], ['6']],
      [['7', '8', '9', '10', '11'], ['5'], []],
    ];
    const ev = objectiveUtility(numbers, { kind: 'ev' });
    const answers = new Set<number>();
    let tested = 0;
    let solved = 0;
    for (const [row, other, seen] of positions) {
      const [draw, stay] = lastSeatValues(row, other, seen, ev);
      if (Math.abs(draw - stay) < 2) continue; // its later decisions in the rollouts are ev's: clear gaps only
      const best = draw > stay ? Answer.DRAW : Answer.STAY;
      answers.add(best);
      tested++;
      const busted = other.length === 2 && other[0] === other[1];
      const v = situation({ rules: numbers, rows: [row, other], status: [Status.ACTIVE, busted ? Status.BUSTED : Status.STAYED], discarded: seen });
      const sampled = bot('search:objective=round,exact=off,play=ev,rollouts=4000,min=100,z=3', numbers) as unknown as Searcher;
      expect(sampled.drawOrStay(v), `${row.join(' ')}: draw ${draw.toFixed(2)}, stay ${stay.toFixed(2)}`).toBe(best);
      expect(sampled.played).toBeGreaterThan(0);
      // In game mode far from the target (totals 0, horizon 60) a rollout ends with the round, valued
      // by its round score minus the others' mean: the others' are final here, so the same answer.
      const early = bot('search:exact=off,play=ev,rollouts=4000,min=100,z=3', numbers) as unknown as Searcher;
      expect(early.drawOrStay(v), `game mode, ${row.join(' ')}: draw ${draw.toFixed(2)}, stay ${stay.toFixed(2)}`).toBe(best);
      const exact = bot('search:objective=round', numbers) as unknown as Searcher;
      expect(exact.drawOrStay(v), row.join(' ')).toBe(best);
      if (exact.played === 0) solved++; // no rollouts: the recursion answered (short rows pass its state cap)
    }
    expect(tested).toBeGreaterThanOrEqual(5);
    expect(solved).toBeGreaterThanOrEqual(3);
    expect(answers.size).toBe(2);
  }, 120_000);

  it('takes the exact answer at the last seat in when the round decides the game (win chance)', () => {
    // Seat 1 has stayed at 240 + 12 = 252 >= 250: whatever seat 0 scores, the game ends this round.
    // Seat 0 (total 200) wins with a final above 252, ties (and plays on, an even share) at 252.
    const cases: [string[], number][] = [
      [['13', '12', '11', '10'], 200], // 246 now: it must draw (stay loses)
      [['13', '12', '11', '10', '9'], 200], // 255 now: staying wins
      [['13', '12', '5'], 220], // 250 now: 3 more points win, a bust loses
    ];
    const answers = new Set<number>();
    for (const [row, total] of cases) {
      const v = situation({ rules: numbers, rows: [row, ['12']], totals: [total, 240], status: [Status.ACTIVE, Status.STAYED] });
      const shared: SevnRules = { ...numbers, tiedLead: 'shared' };
      const u = decidingWinShares(shared, [total, 240], [0, 252]);
      expect(u).not.toBeNull();
      const [draw, stay] = lastSeatValues(row, ['12'], [], u as Float64Array);
      expect(Math.abs(draw - stay), row.join(' ')).toBeGreaterThan(0.1);
      const best = draw > stay ? Answer.DRAW : Answer.STAY;
      answers.add(best);
      const sampled = bot('search:exact=off,rollouts=2000,min=50,z=3', numbers) as unknown as Searcher;
      expect(sampled.drawOrStay(v), `${row.join(' ')}: draw ${draw.toFixed(3)}, stay ${stay.toFixed(3)}`).toBe(best);
      const exact = bot('search', numbers) as unknown as Searcher;
      expect(exact.drawOrStay(v), row.join(' ')).toBe(best);
      expect(exact.played).toBe(0);
    }
    expect(answers.size).toBe(2);
  }, 120_000);

  it('stays when staying now wins the game, and draws when staying loses it', () => {
    // Staying: 230 + 25 = 255, both opponents have stayed below it: the game ends with a win.
    const wins = situation({ rows: [['13', '12'], ['9'], ['4']], totals: [230, 200, 100], status: [Status.ACTIVE, Status.STAYED, Status.STAYED] });
    expect(bot('search:rollouts=50').drawOrStay(wins)).toBe(Answer.STAY);
    // An opponent has stayed at 240 + 20 = 260: staying at 200 + 50 loses for sure; drawing can win,
    // if its later decisions draw on too (race's do; ev, blind to the game, would stay at 257).
    const loses = situation({ rows: [['13', '12', '11', '10', '4'], ['12', '8']], totals: [200, 240], status: [Status.ACTIVE, Status.STAYED] });
    expect(bot('search:rollouts=400,play=race').drawOrStay(loses)).toBe(Answer.DRAW);
  });

  it('freezes the opponent who could still overtake it at the end of the game', () => {
    // Seat 0 would stay at 245 + 8 = 253 and win, unless seat 1 (230 + 10, still in) draws past it.
    // Freezing seat 1 banks it at 240; freezing seat 2 (far behind) or itself lets seat 1 draw on.
    const v = situation({
      rows: [['8'], ['6', '4'], ['9']], totals: [245, 230, 100], decision: Decision.FREEZE, candidates: 0b111, card: 'Freeze', discarded: ['Freeze'],
    });
    expect(bot('search:rollouts=200').freezeTarget(v)).toBe(1);
  });

  it('races: stops once one answer is clear, and at its ms cap', () => {
    const v = situation({ rows: [['13', '9', '5'], ['7', '2'], ['11']], totals: [120, 150, 90] });
    const full = bot('search:rollouts=2048,min=8') as unknown as { drawOrStay(v: unknown): number; played: number };
    full.drawOrStay(v);
    expect(full.played).toBeGreaterThan(8); // not clear after the first 8
    // A position with one clear answer stops within the first two checks, far below its budget: staying wins the game now (190 + 63
    // against 209 and 104), drawing busts more often than not (six values held).
    const wins = situation({ rows: [['13', '12', '11', '10', '9', '8'], ['9'], ['4']], totals: [190, 200, 100], status: [Status.ACTIVE, Status.STAYED, Status.STAYED] });
    expect(full.drawOrStay(wins)).toBe(Answer.STAY);
    expect(full.played).toBeLessThanOrEqual(16);
    const capped = bot('search:rollouts=2048,min=8,ms=0.001') as unknown as { drawOrStay(v: unknown): number; played: number };
    capped.drawOrStay(v);
    expect(capped.played).toBe(8);
  });

  it('plays the same games on 1 and 2 threads', async () => {
    const rules = sevnPreset('sevn');
    const run = (threads: number) => compare({ game: sevnModule as never, rules, preset: 'sevn', mode: 'game', a: 'search:rollouts=16', b: 'ev', field: ['race', 'ev'], games: 24, seed: 3, threads, chunkSize: 4 });
    const one = await run(1);
    const two = await run(2);
    expect(two.diff).toEqual(one.diff);
    expect(two.winDiff).toEqual(one.winDiff);
    expect(one.diff.sd).toBeGreaterThan(0); // the two answers' games differ: search decided something
  }, 120_000);
});
