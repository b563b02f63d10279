/**
 * `search`: on `sevn-numbers` solo rounds it takes the exact optimal action (the SEVN solver's) at
 * every reachable decision where the exact values of drawing and staying differ by at least 2 points;
 * in game mode it stays when staying wins and draws when staying loses, and it freezes the opponent
 * who could still overtake it at the end of the game; the same seed gives the same games on 1 and 2 threads. Fixed
 * seeds: cannot flake.
 */
import { describe, expect, it } from 'vitest';
import { sevnModule } from '../../src/catalog.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { solveSevnSolo } from '../../src/games/sevn/solver.js';
import { Answer, Decision, Status } from '../../src/games/sevn/view.js';
import { compare } from '../../src/run/compare.js';
import { bot, situation } from './views.js';

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
    // A position with one clear answer (staying wins the game now) stops at the first check.
    const wins = situation({ rows: [['13', '12'], ['9'], ['4']], totals: [230, 200, 100], status: [Status.ACTIVE, Status.STAYED, Status.STAYED] });
    full.drawOrStay(wins);
    expect(full.played).toBe(8);
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
