/**
 * A strategy that declares drawsWhileGain (ev) is not asked the draw-or-stay questions its numbers'
 * bound settles (card-counts.ts drawsSurely): the engine answers DRAW itself (sure-draws.ts
 * answerGain). That must be the strategy's own answer, question for question: games are played with
 * the declared players and with the same players behind a wrapper that hides the declaration, and
 * every trace event, score and recorded bucket compared; and stacked rounds worked by hand count the
 * questions the strategy sees.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { makeSevnPlayers } from '../../src/games/sevn/index.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import type { DrawsWhileGain } from '../../src/games/sevn/sure-draws.js';
import type { SevnPlayer } from '../../src/games/sevn/view.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { playWrapped, rowOf, stacked } from './helpers.js';

/** The same player counting its draw-or-stay calls; `declared`: the declaration carried on. */
function counted(p: SevnPlayer, calls: number[], declared: boolean): SevnPlayer {
  const q: SevnPlayer = { ...p, drawOrStay: (v) => (calls[0]++, p.drawOrStay(v)) };
  if (declared) Object.assign(q.drawOrStay, { drawsWhileGain: (p.drawOrStay as Partial<DrawsWhileGain>).drawsWhileGain });
  return q;
}

const gainOf = (p: SevnPlayer): unknown => (p.drawOrStay as Partial<DrawsWhileGain>).drawsWhileGain;

describe('ev answered by the engine where its numbers bound settles it (drawsWhileGain)', () => {
  const cases: [string, string[]][] = [
    ['sevn', ['ev', 'ev', 'ev', 'ev']],
    ['sevn', ['ev:margin=-0.5', 'ev:margin=-9', 'race', 'stay-at:points=25']],
    ['flip7', ['ev', 'ev:margin=-4', 'ev:exact=last']],
  ];
  for (const [preset, specs] of cases) {
    for (const recordTo of ['none', 'counter'] as const) {
      it(`${preset} ${specs.join(' ')}, recording ${recordTo}: the events, scores and buckets of asking`, () => {
        const a = playWrapped(preset, specs, (p, calls) => counted(p, calls, true), recordTo, 30, 17);
        const b = playWrapped(preset, specs, (p, calls) => counted(p, calls, false), recordTo, 30, 17);
        expect(a.events.length).toBeGreaterThan(1000);
        expect(a.events).toEqual(b.events);
        expect(a.totals).toEqual(b.totals);
        expect(a.counts).toEqual(b.counts);
        if (recordTo === 'counter') expect(a.counts.size).toBeGreaterThan(specs.length);
        // Most of ev's questions are settled by the engine (race, stay-at and exact=last as before).
        expect(a.calls).toBeLessThan(b.calls * 0.8);
      });
    }
  }

  it('declares only with exact=off and a margin below 0', () => {
    const [p, q, r] = makeSevnPlayers(SEVN_STRATEGIES, sevnPreset('sevn'), ['ev:exact=last', 'ev:margin=0', 'ev:margin=-1.5'], [new Rng(), new Rng(), new Rng()]);
    expect(gainOf(p)).toBeUndefined();
    expect(gainOf(q)).toBeUndefined();
    expect(gainOf(r)).toEqual({ margin: -1.5 });
  });

  // Seat 1, stay-at:points=200, only draws (it stays in the round: another seat in, as the rule needs).
  // The deal goes to seat 1, then seat 0; the turns start at seat 1. The sevn deck: 120 cards, 92 of
  // them numbers 0..13 (value v: max(1, v) copies) worth 819 in all, 2 Storms, 2 Crossroads.
  const play = (spec: string, names: string[], declared: boolean): { calls: number; engine: ReturnType<typeof stacked> } => {
    const calls = [0];
    const [ev, stay] = makeSevnPlayers(SEVN_STRATEGIES, sevnPreset('sevn'), [spec, 'stay-at:points=200'], [new Rng(), new Rng()]);
    const engine = stacked([counted(ev, calls, declared), stay], names);
    return { calls: calls[0], engine };
  };
  // Dealt 0 (seat 1) and 13 (seat 0); seat 1 draws 1.
  // Q1, seat 0 holds 13 (13 points), 117 cards in the deck: 89 unseen numbers worth 819 - 14 = 805, of
  // them 12 13s (worth 156): B = 805 - 156 - 13 x 12 = 493 >= 0, the engine draws: 12. Seat 1 draws 2.
  // Q2, 13 and 12 (25 points), 115 cards: unseen numbers worth 819 - 28 = 791, held ones 12 13s and 11
  // 12s (23, worth 288): B = 791 - 288 - 25 x 23 = -72; with 2 Storms and 2 Crossroads unseen,
  // -72 x (1 + 2/115) x (1 + 2/114) / 115 = -0.64815... > -2 + 1e-6: the engine draws: 11. Seat 1: 3.
  // Q3, 13, 12, 11 (36 points), 113 cards: numbers worth 819 - 42 = 777, held ones 33 worth 398:
  // B = 777 - 398 - 36 x 33 = -809, -809 x (1 + 2/113) x (1 + 2/112) / 113 = -7.42 < -2: asked. ev
  // stays at 36; seat 1 draws 4, 5, 6: seven values, a SEVN (21 + 17 = 38).
  const ROUND = ['0', '13', '1', '12', '2', '11', '3', '4', '5', '6'];
  const Q2_LOW = (-72 * (1 + 2 / 115) * (1 + 2 / 114)) / 115;

  it('answers the sure draws and asks the rest (a stacked round, worked by hand)', () => {
    expect(Q2_LOW).toBeCloseTo(-0.64815, 5);
    const a = play('ev', ROUND, true);
    expect(a.calls).toBe(1);
    expect(rowOf(a.engine, 0)).toEqual(['13', '12', '11']);
    expect([a.engine.roundScore[0], a.engine.roundScore[1]]).toEqual([36, 38]);
    const b = play('ev', ROUND, false);
    expect(b.calls).toBe(3);
    expect([b.engine.roundScore[0], b.engine.roundScore[1]]).toEqual([36, 38]);
  });

  it('asks when the margin bound is above the margin by less than 1e-6 (Q2 of the same round)', () => {
    // The margin 5e-7 below Q2's bound: not shown above margin + 1e-6, so ev works it out (and draws).
    const margin = Q2_LOW - 5e-7;
    const a = play(`ev:margin=${margin}`, ROUND, true);
    expect(a.calls).toBe(2);
    expect(rowOf(a.engine, 0)).toEqual(['13', '12', '11']);
    // 2e-6 below: shown, the engine draws.
    expect(play(`ev:margin=${Q2_LOW - 2e-6}`, ROUND, true).calls).toBe(1);
  });

  it('asks while a Featherweight is held (a stacked round, worked by hand)', () => {
    // Q1 as above: drawn, the Featherweight. Q2: 13 and a Featherweight (not earned below 4 cards: 13
    // points), B = 803 - 156 - 13 x 12 = 491 >= 0, but with a Featherweight held ev's own bound
    // (surelyDraws) counts what a high value would take away: asked. It draws, a second 13: busted.
    const a = play('ev', ['0', '13', '1', 'Featherweight', '2', '13'], true);
    expect(a.calls).toBe(1);
    expect(rowOf(a.engine, 0)).toEqual(['13', 'Featherweight', '13']);
    expect(a.engine.roundScore[0]).toBe(0);
  });
});
