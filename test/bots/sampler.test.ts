/**
 * The hidden-information sampler: a position captured from a seat's view, mid-game in real games,
 * loads into an engine that matches the real one in everything the view shows (every row's counters
 * and score, totals, statuses, the deck's and discard pile's contents card by card) and knows nothing
 * else: the real deck's order can change without changing the position or what is played from it.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { Ev } from '../../src/games/sevn/events.js';
import { makeSevnPlayers } from '../../src/games/sevn/index.js';
import { SEVN_STRATEGIES } from '../../strategies/sevn/index.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { HiddenInfoSampler } from '../../src/games/sevn/sampler.js';
import { playOnGame } from '../../src/games/sevn/positions.js';
import { Answer, type SevnPlayer, type SevnView } from '../../src/games/sevn/view.js';

/** Wraps a player so that at some draw-or-stay decisions `check(view)` runs first. */
function watching(p: SevnPlayer, every: number, check: (v: SevnView) => void): SevnPlayer {
  let k = 0;
  return { ...p, label: p.label, drawOrStay: (v) => { if (k++ % every === 0) check(v); return p.drawOrStay(v); } };
}

describe('hidden-information sampler', () => {
  it('loads what the view shows, exactly, at decisions across whole games', () => {
    const rules = sevnPreset('sevn');
    const engine = new SevnEngine(rules);
    const sampler = new HiddenInfoSampler(rules, engine.cards);
    const specs = ['stay-at:points=30', 'bust-cap', 'ev', 'race'];
    const base = makeSevnPlayers(SEVN_STRATEGIES, rules, specs, specs.map((_, i) => new Rng(`p${i}`)));
    const real = new Int32Array(engine.cards.codes);
    const loaded = new Int32Array(engine.cards.codes);
    let checked = 0;
    let reshuffled = 0; // checks made after a reshuffle in the same game
    let afterReshuffle = false;
    engine.tracer = { event: (ev) => { if (ev === Ev.RESHUFFLE) afterReshuffle = true; else if (ev === Ev.ROUND_START && engine.round === 0) afterReshuffle = false; } };
    const check = (v: SevnView) => {
      sampler.capture(v);
      const e = sampler.load(base, new Rng(`load${checked}`));
      checked++;
      if (afterReshuffle) reshuffled++;
      expect(e.deckSize).toBe(engine.deckSize);
      expect(e.discardSize).toBe(engine.discardSize);
      expect(e.dealer).toBe(engine.dealer);
      expect(e.round).toBe(engine.round);
      for (let s = 0; s < 4; s++) {
        expect(e.scoreSeat(s)).toBe(engine.scoreSeat(s));
        expect(e.totals[s]).toBe(engine.totals[s]);
        for (let f = 0; f < 13; f++) expect(e.seats[(s << 4) + f], `seat ${s} field ${f}`).toBe(engine.seats[(s << 4) + f]);
      }
      // Card by card: deck + discard + table, and the deck alone.
      engine.census(real);
      e.census(loaded);
      expect(Array.from(loaded)).toEqual(Array.from(real));
      const realDeck = new Int32Array(engine.cards.codes);
      for (let i = 0; i < engine.deckLen; i++) realDeck[engine.deck[i]]++;
      const loadedDeck = new Int32Array(engine.cards.codes);
      for (let i = 0; i < e.deckLen; i++) loadedDeck[e.deck[i]]++;
      expect(Array.from(loadedDeck)).toEqual(Array.from(realDeck));
      expect(Array.from(e.seen)).toEqual(Array.from(engine.seen));
    };
    const players = base.map((p) => watching(p, 7, check));
    const rng = new Rng('sampler');
    for (let g = 0; g < 40; g++) engine.playGame(players, rng);
    expect(checked).toBeGreaterThan(200);
    expect(reshuffled).toBeGreaterThan(20);
  }, 60_000);

  it('never reads the real deck order: permuting the real deck changes neither the position nor what is played from it', () => {
    const rules = sevnPreset('sevn');
    const engine = new SevnEngine(rules);
    const specs = ['stay-at', 'stay-at', 'stay-at'];
    const base = makeSevnPlayers(SEVN_STRATEGIES, rules, specs, specs.map((_, i) => new Rng(`q${i}`)));
    const a = new HiddenInfoSampler(rules);
    const b = new HiddenInfoSampler(rules);
    let compared = 0;
    const check = (v: SevnView) => {
      a.capture(v);
      // Reverse the real deck in place: the view does not change, so neither may the position.
      const d = engine.deck.subarray(0, engine.deckLen);
      d.reverse();
      b.capture(v);
      d.reverse();
      expect(b.position).toEqual(a.position);
      // And the futures played from it, with the same stream, are the same.
      const scores: number[][] = [];
      for (const s of [a, b]) {
        const e = s.load(base, new Rng('future'));
        playOnGame(e, v.seat, Answer.DRAW);
        scores.push(Array.from(e.totals.subarray(0, 3)));
      }
      expect(scores[1]).toEqual(scores[0]);
      compared++;
    };
    const players = base.map((p) => watching(p, 11, check));
    const rng = new Rng('order');
    for (let g = 0; g < 10; g++) engine.playGame(players, rng);
    expect(compared).toBeGreaterThan(20);
  }, 60_000);

  it('refuses a view from other rules', () => {
    const sampler = new HiddenInfoSampler(sevnPreset('sevn'));
    const engine = new SevnEngine(sevnPreset('flip7'));
    let message = '';
    const spy: SevnPlayer = { ...makeSevnPlayers(SEVN_STRATEGIES, engine.rules, ['stay-at'], [new Rng('x')])[0], label: 'spy', drawOrStay: (v) => { try { sampler.capture(v); } catch (e) { message = (e as Error).message; } return Answer.STAY; } };
    engine.playRound([spy], new Rng('y'));
    expect(message).toMatch(/other rules/);
  });
});
