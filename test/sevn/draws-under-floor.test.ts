/**
 * A strategy that declares drawsUnderFloor (race) is not asked the draw-or-stay questions its bust check
 * and floor settle: the engine answers DRAW itself (card-rules.ts answerFloor). That must be the
 * strategy's own answer, question for question: games are played with the declared players and with
 * the same players behind a wrapper that hides the declaration, and every trace event, score and
 * recorded bucket compared; and stacked rounds worked by hand count the questions the strategy sees.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import type { DrawsUnderFloor } from '../../src/games/sevn/engine.js';
import { Ev } from '../../src/games/sevn/events.js';
import { makeSevnPlayers } from '../../src/games/sevn/index.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import type { SevnPlayer } from '../../src/games/sevn/view.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { EventLog, playWrapped, stacked } from './helpers.js';

/** The same player counting its draw-or-stay calls; `declared`: the declaration carried on. */
function counted(p: SevnPlayer, calls: number[], declared: boolean): SevnPlayer {
  const q: SevnPlayer = { ...p, drawOrStay: (v) => (calls[0]++, p.drawOrStay(v)) };
  if (declared) Object.assign(q.drawOrStay, { drawsUnderFloor: (p.drawOrStay as Partial<DrawsUnderFloor>).drawsUnderFloor });
  return q;
}

describe('race answered by the engine under its floor (drawsUnderFloor)', () => {
  const cases: [string, string[]][] = [
    ['sevn', ['race', 'race', 'race', 'race']],
    ['sevn', ['race:crowd=-9,risk=0.4', 'race:points=20,behind=0.9,ahead=0.9', 'stay-at:points=25', 'ev']],
    ['flip7', ['race:risk=0,stake=0', 'race:risk=1', 'race:exact=last']],
  ];
  for (const [preset, specs] of cases) {
    for (const recordTo of ['none', 'counter'] as const) {
      it(`${preset} ${specs.join(' ')}, recording ${recordTo}: the events, scores and buckets of asking`, () => {
        const a = playWrapped(preset, specs, (p, calls) => counted(p, calls, true), recordTo, 30, 13);
        const b = playWrapped(preset, specs, (p, calls) => counted(p, calls, false), recordTo, 30, 13);
        expect(a.events.length).toBeGreaterThan(1000);
        expect(a.events).toEqual(b.events);
        expect(a.totals).toEqual(b.totals);
        expect(a.counts).toEqual(b.counts);
        if (recordTo === 'counter') expect(a.counts.size).toBeGreaterThan(specs.length);
        // Questions settled by the engine (ev, stay-at and exact=last are asked or answered as before).
        expect(a.calls).toBeLessThan(b.calls);
      });
    }
  }

  it('declares nothing with exact=last (its last-seat play answers first)', () => {
    const [p, q] = makeSevnPlayers(SEVN_STRATEGIES, sevnPreset('sevn'), ['race:exact=last', 'race'], [new Rng(), new Rng()]);
    expect((p.drawOrStay as Partial<DrawsUnderFloor>).drawsUnderFloor).toBeUndefined();
    expect((q.drawOrStay as Partial<DrawsUnderFloor>).drawsUnderFloor).toBeDefined();
  });

  // race:points=20 with the terms that move its threshold at 0 and a bust cap it never reaches: solo,
  // its floor is min(20, target - its total).
  const FLAT = 'race:points=20,behind=0,ahead=0,stake=0,crowd=0,risk=0.9';

  it('answers the draws under the floor and asks at it (a stacked round, worked by hand)', () => {
    const calls = [0];
    const [p] = makeSevnPlayers(SEVN_STRATEGIES, sevnPreset('sevn'), [FLAT], [new Rng()]);
    const log = new EventLog();
    // Dealt 13 (13 < 20: the engine draws), 4 (17 < 20: draws; bust chance 12 + 3 of 117), then 3
    // (20: not under the floor, asked: 20 >= the threshold 20, a stay).
    const e = stacked([counted(p, calls, true)], ['13', '4', '3', '9'], { log });
    expect(e.roundScore[0]).toBe(20);
    expect(log.of(Ev.DRAW).length).toBe(2);
    expect(calls[0]).toBe(1);
    // Over the bust cap (risk=0: any unseen copy of a held number) with nobody out of the round ahead:
    // the engine stays for it at once (13 points), unasked.
    const calls0 = [0];
    const [r] = makeSevnPlayers(SEVN_STRATEGIES, sevnPreset('sevn'), [FLAT.replace('risk=0.9', 'risk=0')], [new Rng()]);
    const e0 = stacked([counted(r, calls0, true)], ['13', '4', '3', '9']);
    expect(calls0[0]).toBe(0);
    expect(e0.roundScore[0]).toBe(13);
  });

  it('draws on over the bust cap when a stayed opponent finishes ahead at the target (a stacked game, worked by hand)', () => {
    const rules = { ...sevnPreset('sevn'), target: 30 };
    const calls = [0];
    const [race, stay] = makeSevnPlayers(SEVN_STRATEGIES, rules, [FLAT.replace('risk=0.9', 'risk=0'), 'stay-at:points=30'], [new Rng(), new Rng()]);
    // Dealt 13 to seat 1 (stay-at 30), 1 to seat 0 (race, risk=0). Seat 1 draws 12 (25). Seat 0: the
    // one copy of 1 is seen, 0 unseen: under the cap, 1 < floor 20: draws 0 (again 0 unseen). Seat 1
    // draws 11 (36). Seat 0 draws 2 (3 points; one 2 unseen: over the cap). Seat 1 stays at 36 >= 30.
    // Seat 0, over the cap: stayed seat 1's 36 >= 30 beats its 3, so it draws on: 3, 4, 5 and 9 make
    // seven numbers, a SEVN: 0 + 1 + 2 + 3 + 4 + 5 + 9 + 17 = 41. Totals 41 and 36: seat 0 wins.
    // Staying at 3 instead would leave 3 and 36.
    const e = stacked([counted(race, calls, true), stay], ['13', '1', '12', '0', '11', '2', '3', '4', '5', '9'], { rules, mode: 'game' });
    expect([e.totals[0], e.totals[1]]).toEqual([41, 36]);
    expect(calls[0]).toBe(0);
  });

  it('works the floor out again in the next round of a game, from the new total', () => {
    const rules = { ...sevnPreset('sevn'), target: 30 };
    const calls = [0];
    const [p] = makeSevnPlayers(SEVN_STRATEGIES, rules, [FLAT], [new Rng()]);
    const log = new EventLog();
    // Round 1: 13, 9 (22 >= 20: asked, stays; total 22 < 30, the game goes on). Round 2, the same deck
    // and epoch: floor min(20, 30 - 22) = 8. Dealt 5 (under 8: the engine draws), then 4 (9: asked;
    // 22 + 9 = 31 reaches the target with no one ahead: stays). Total 31. With round 1's floor of 20
    // kept, the engine would draw at 9 and take the 2 as well.
    const e = stacked([counted(p, calls, true)], ['13', '9', '5', '4', '2', '8'], { rules, mode: 'game', log });
    expect(e.totals[0]).toBe(31);
    expect(e.roundCount).toBe(2);
    expect(log.of(Ev.DRAW).length).toBe(2);
    expect(calls[0]).toBe(2);
  });
});
