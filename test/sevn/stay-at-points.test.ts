/**
 * A strategy that declares stayAtPoints (stay-at) is not asked draw-or-stay: the engine works its answer
 * out itself (engine.ts, StaysAtPoints). That must be the strategy's own answer, question for question:
 * games are played with the declared players and with the same players behind a wrapper that hides the
 * declaration (so every question is asked), and every trace event, score and recorded bucket compared.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import type { StaysAtPoints } from '../../src/games/sevn/engine.js';
import { Ev } from '../../src/games/sevn/events.js';
import { makeSevnPlayers } from '../../src/games/sevn/index.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { Answer, type SevnPlayer } from '../../src/games/sevn/view.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { EventLog, playWrapped, stacked } from './helpers.js';

/** The same player without its declaration, counting its draw-or-stay calls. */
function asked(p: SevnPlayer, calls: number[]): SevnPlayer {
  return {
    label: p.label,
    drawOrStay: (v) => (calls[0]++, p.drawOrStay(v)),
    freezeTarget: (v) => p.freezeTarget(v),
    tripleDrawTarget: (v) => p.tripleDrawTarget(v),
    secondChanceTo: (v) => p.secondChanceTo(v),
    crossroads: (v) => p.crossroads(v),
    ballast: (v) => p.ballast(v),
  };
}

/** The same player, counting its draw-or-stay calls; `declared`: with its stayAtPoints carried on (a call to it shows). */
function wrapped(p: SevnPlayer, calls: number[], declared: boolean): SevnPlayer {
  const q = asked(p, calls);
  if (declared) Object.assign(q.drawOrStay, { stayAtPoints: (p.drawOrStay as Partial<StaysAtPoints>).stayAtPoints });
  return q;
}

describe('stay-at answered by the engine (stayAtPoints)', () => {
  const cases: [string, string[]][] = [
    ['sevn', ['stay-at:points=20', 'stay-at:points=20', 'stay-at:points=20', 'stay-at:points=20']],
    ['sevn', ['stay-at:points=15', 'race', 'stay-at:points=35', 'random']],
    ['flip7', ['stay-at:points=0', 'stay-at:points=25']],
  ];
  for (const [preset, specs] of cases) {
    for (const recordTo of ['none', 'counter'] as const) {
      it(`${preset} ${specs.join(' ')}, recording ${recordTo}: the events, scores and buckets of asking`, () => {
        const a = playWrapped(preset, specs, (p, calls) => wrapped(p, calls, true), recordTo, 40, 11);
        const b = playWrapped(preset, specs, (p, calls) => wrapped(p, calls, false), recordTo, 40, 11);
        expect(a.events.length).toBeGreaterThan(1000);
        expect(a.events).toEqual(b.events);
        expect(a.totals).toEqual(b.totals);
        expect(a.counts).toEqual(b.counts);
        if (recordTo === 'counter') expect(a.counts.size).toBeGreaterThan(specs.length);
        // Only the seats without the declaration were asked.
        expect(b.calls).toBeGreaterThan(a.calls);
        if (specs.every((s) => s.startsWith('stay-at'))) expect(a.calls).toBe(0);
        else expect(a.calls).toBeGreaterThan(0);
      });
    }
  }

  it('asks a player that replaced a stay-at drawOrStay (a strategy built on stay-at)', () => {
    const rules = sevnPreset('sevn');
    const [p] = makeSevnPlayers(SEVN_STRATEGIES, rules, ['stay-at:points=30'], [new Rng()]);
    expect((p.drawOrStay as Partial<StaysAtPoints>).stayAtPoints).toBe(30);
    let calls = 0;
    const always: SevnPlayer = { ...p, drawOrStay: () => (calls++, Answer.STAY) };
    const e = stacked([always], ['5', '7', '9']);
    expect(calls).toBe(1);
    expect(e.roundScore[0]).toBe(5);
  });

  it('stays at exactly its points, draws below them (a stacked round, worked by hand)', () => {
    const rules = sevnPreset('sevn');
    const [p] = makeSevnPlayers(SEVN_STRATEGIES, rules, ['stay-at:points=12'], [new Rng()]);
    // Dealt 5 (5 points < 12: draws), then 7 (12 points: stays).
    const log = new EventLog();
    const e = stacked([p], ['5', '7', '9'], { log });
    expect(log.of(Ev.DRAW).length).toBe(1);
    expect(log.of(Ev.STAY)).toEqual([[Ev.STAY, 0, 0, 0]]);
    expect(e.roundScore[0]).toBe(12);
    // At 11 points it draws again: dealt 5, then 6 (11 < 12), then 9 (20: stays).
    const log2 = new EventLog();
    const e2 = stacked([p], ['5', '6', '9', '8'], { log: log2 });
    expect(log2.of(Ev.DRAW).length).toBe(2);
    expect(e2.roundScore[0]).toBe(20);
  });
});
