/**
 * Properties over random seeded games with mixed strategies: cards are conserved at every step, a
 * busted player scores 0, no round score is negative, the engine's running score equals the clear
 * scoring rule, and the same seed replays the same game.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { Ev } from '../../src/games/sevn/events.js';
import { sevnModule } from '../../src/catalog.js';
import { Bucketer, parseBuckets } from '../../src/engine/decisions.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';
import { explainScore } from '../../src/games/sevn/scoring.js';
import { Status } from '../../src/games/sevn/view.js';

const SPECS = ['stay-at', 'stay-at:points=40,freeze=fewest,triple=self,ballast=keep', 'stay-at-cards:cards=6', 'bust-cap:p=0.2', 'random', 'random:draw=0.9', 'bust-cap:p=0.5,freeze=self,ballast=discard'];

const arbGame = fc.record({
  preset: fc.constantFrom('sevn', 'flip7', 'sevn', 'sevn-numbers'),
  specs: fc.array(fc.constantFrom(...SPECS), { minLength: 1, maxLength: 8 }),
  seed: fc.integer({ min: 0, max: 1e9 }),
  mode: fc.constantFrom('round' as const, 'game' as const),
});

describe('SEVN properties', () => {
  it('cards are conserved at every step; busts score 0; scores are never negative and match the rule', () => {
    fc.assert(
      fc.property(arbGame, ({ preset, specs, seed, mode }) => {
        const rules = sevnPreset(preset);
        const runner = sevnModule.createRunner(rules, specs, mode) as unknown as { engine: SevnEngine; reseedGame(s: number, g: number): void; playOne(): void; scores: Int32Array };
        const e = runner.engine;
        const full = new Int32Array(e.cards.codes);
        for (let c = 0; c < e.cards.codes; c++) full[c] = e.cards.copies[c];
        const census = new Int32Array(e.cards.codes);
        let steps = 0;
        e.tracer = {
          event(ev) {
            steps++;
            e.census(census);
            for (let c = 0; c < census.length; c++) if (census[c] !== full[c]) throw new Error(`card ${e.cards.name(c)}: ${census[c]} held, ${full[c]} in the deck (event ${ev})`);
            if (ev === Ev.ROUND_END) {
              for (let s = 0; s < e.n; s++) {
                const row = e.rows.subarray(s * e.stride, s * e.stride + e.rowLen[s]);
                const busted = e.status[s] === Status.BUSTED;
                const score = e.roundScore[s];
                if (busted && score !== 0) throw new Error('a busted player scored');
                if (score < 0) throw new Error('negative round score');
                const clear = explainScore(e.cards, row, e.sevnAt[s] !== 0, busted).total;
                if (clear !== score) throw new Error(`engine score ${score}, rule ${clear}`);
              }
            }
          },
        };
        runner.reseedGame(seed, 0);
        runner.playOne();
        expect(steps).toBeGreaterThan(0);
        for (const x of runner.scores) expect(x).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });

  it('the same seed replays the same game, bit for bit', () => {
    fc.assert(
      fc.property(arbGame, ({ preset, specs, seed }) => {
        const rules = sevnPreset(preset);
        expect(sevnModule.trace(rules, specs, seed)).toBe(sevnModule.trace(rules, specs, seed));
        const a = sevnModule.createRunner(rules, specs, 'game');
        const b = sevnModule.createRunner(rules, specs, 'game');
        a.reseedGame(seed, 3);
        b.reseedGame(seed, 3);
        for (let i = 0; i < 5; i++) {
          a.playOne();
          b.playOne();
          expect(Array.from(a.scores)).toEqual(Array.from(b.scores));
          expect(Array.from(a.busts)).toEqual(Array.from(b.busts));
          expect(Array.from(a.rounds)).toEqual(Array.from(b.rounds));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a game has exactly one winner, at or above the target, with the single highest total', () => {
    fc.assert(
      fc.property(arbGame, ({ preset, specs, seed }) => {
        const rules = sevnPreset(preset);
        const r = sevnModule.createRunner(rules, specs, 'game');
        r.reseedGame(seed, 0);
        r.playOne();
        const w = Array.from(r.winShare);
        expect(w.filter((x) => x === 1).length).toBe(1);
        const winner = w.indexOf(1);
        expect(r.scores[winner]).toBeGreaterThanOrEqual(rules.target);
        for (let s = 0; s < specs.length; s++) if (s !== winner) expect(r.scores[s]).toBeLessThan(r.scores[winner]);
      }),
      { numRuns: 100 },
    );
  });

  it('decision keys decode to their kind and features, every feature within its range', () => {
    const rules = sevnPreset('sevn');
    const r = sevnModule.createRunner(rules, ['bust-cap', 'random', 'stay-at'], 'game');
    const features = sevnModule.bucketFeatures(rules);
    const buckets = new Bucketer(features, parseBuckets(features, features.map((f) => `${f.name}:1`).join(',')));
    const kinds = new Set<string>();
    r.decisions = {
      buckets,
      record(_seat, state, action) {
        const d = buckets.decode(state);
        const kind = sevnModule.decisionKinds[d.kind];
        kinds.add(kind);
        d.lows.forEach((v, i) => {
          expect(v).toBeGreaterThanOrEqual(features[i].min);
          expect(v).toBeLessThanOrEqual(features[i].max);
        });
        if (kind === 'draw-stay') expect(['draw', 'stay']).toContain(sevnModule.actionLabel(rules, d.kind, action));
        if (kind === 'freeze') expect(sevnModule.actionLabel(rules, d.kind, action)).toMatch(/^(self|left\+[12])$/);
      },
    };
    r.reseedGame(1, 0);
    for (let i = 0; i < 50; i++) r.playOne();
    expect([...kinds].sort()).toEqual(['ballast', 'crossroads', 'draw-stay', 'freeze', 'second-chance', 'triple-draw']);
  });
});
