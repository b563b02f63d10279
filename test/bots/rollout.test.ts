/**
 * `rollout`: on `sevn-numbers` solo rounds it takes the exact optimal action (the SEVN solver's) at
 * every reachable decision where the exact values of drawing and staying differ by at least 2 points;
 * in game mode it stays when staying wins and draws when staying loses. Fixed seeds: cannot flake.
 */
import { describe, expect, it } from 'vitest';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { solveSevnSolo } from '../../src/games/sevn/solver.js';
import { Answer, Status } from '../../src/games/sevn/view.js';
import { bot, situation } from './views.js';

describe('rollout', () => {
  it('takes the exact optimal solo action wherever draw and stay differ clearly (sevn-numbers)', () => {
    const rules = sevnPreset('sevn-numbers');
    const solution = solveSevnSolo(rules);
    // Reachable decisions under optimal play with a clear gap, the likeliest first.
    const rows = solution.policyRows().filter((r) => r.reach > 1e-3 && Math.abs(r.drawValue - r.stayValue) >= 2).sort((a, b) => b.reach - a.reach).slice(0, 40);
    expect(rows.length).toBe(40);
    expect(new Set(rows.map((r) => r.best)).size).toBe(2); // both answers are tested
    const player = bot('rollout:objective=round,play=ev,rollouts=3000', rules);
    for (const r of rows) {
      const v = situation({ rules, rows: [r.held.split(',')] });
      expect(v.points).toBe(r.points);
      expect(player.drawOrStay(v), `held ${r.held}: draw ${r.drawValue.toFixed(2)}, stay ${r.stayValue.toFixed(2)}`).toBe(r.best === 'draw' ? Answer.DRAW : Answer.STAY);
    }
  }, 120_000);

  it('stays when staying now wins the game, and draws when staying loses it', () => {
    // Staying: 230 + 25 = 255, both opponents have stayed below it: the game ends with a win.
    const wins = situation({ rows: [['13', '12'], ['9'], ['4']], totals: [230, 200, 100], status: [Status.ACTIVE, Status.STAYED, Status.STAYED] });
    expect(bot('rollout:rollouts=50').drawOrStay(wins)).toBe(Answer.STAY);
    // An opponent has stayed at 240 + 20 = 260: staying at 200 + 50 loses for sure; drawing can win.
    const loses = situation({ rows: [['13', '12', '11', '10', '4'], ['12', '8']], totals: [200, 240], status: [Status.ACTIVE, Status.STAYED] });
    expect(bot('rollout:rollouts=50').drawOrStay(loses)).toBe(Answer.DRAW);
  });

  it('is reproducible: the same stream gives the same answers', () => {
    const v = situation({ rows: [['13', '9', '5'], ['7', '2'], ['11']], totals: [120, 150, 90] });
    const answers = () => Array.from({ length: 5 }, () => bot('rollout:rollouts=20').drawOrStay(v));
    expect(answers()).toEqual(answers());
  });
});
