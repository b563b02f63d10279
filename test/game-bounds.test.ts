/**
 * Every game in the catalog (the test-only game too) stays within the bounds its entry declares
 * (GameBounds, src/games/entry.ts): random lineups of its strategies with random legal parameters, a
 * random preset, seat count, mode and seed; every seat's score, the rounds and the decisions of the game.
 * The declared bounds of the built-in presets are worked out by hand below.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogEntries, catalogEntry, registerGame } from '../src/catalog.js';
import { Bucketer } from '../src/engine/decisions.js';
import { UserError } from '../src/engine/errors.js';
import type { Mode } from '../src/engine/game.js';
import { parseSpec } from '../src/engine/params.js';
import type { CatalogEntry } from '../src/games/entry.js';

await registerGame(new URL('./fixtures/tiny-game.ts', import.meta.url));

/** A strategy spec of `entry`'s game: each parameter its default or a random legal value, except the pinned ones. */
function specArb(entry: CatalogEntry): fc.Arbitrary<string> {
  return fc.constantFrom(...entry.game.strategies).chain((def) => {
    const pinned = parseSpec(`${def.name}:${entry.testPins?.[def.name] ?? ''}`.replace(/:$/, '')).raw;
    const free = def.params.filter((p) => !(p.name in pinned));
    const values = free.map((p) => {
      const v = p.type === 'enum' ? fc.constantFrom(...p.values) : p.type === 'int' ? fc.integer({ min: p.min, max: p.max }) : fc.double({ min: p.min, max: p.max, noNaN: true });
      return fc.option(v.map((x) => `${p.name}=${x}`), { nil: undefined });
    });
    return fc.tuple(...values).map((kv) => {
      const parts = [...Object.entries(pinned).map(([k, v]) => `${k}=${v}`), ...kv.filter((x) => x !== undefined)];
      return parts.length ? `${def.name}:${parts.join(',')}` : def.name;
    });
  });
}

function unitArb(entry: CatalogEntry) {
  const g = entry.game;
  return fc.record({
    preset: fc.constantFrom(...g.presets),
    mode: fc.constantFrom<Mode>('round', 'game'),
    specs: fc.integer({ min: g.minPlayers, max: Math.min(4, g.maxPlayers) }).chain((n) => fc.array(specArb(entry), { minLength: n, maxLength: n })),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  });
}

for (const entry of catalogEntries()) {
  const g = entry.game;
  describe(`${g.name} bounds`, () => {
    it('every score, round count and decision count of random lineups lies within the declared bounds', () => {
      let played = 0;
      fc.assert(
        fc.property(unitArb(entry), ({ preset, mode, specs, seed }) => {
          const rules = g.preset(preset);
          try {
            g.checkLineup?.(rules, specs, mode);
          } catch (e) {
            if (e instanceof UserError) return; // a lineup these rules refuse (seat count, canister): not a game
            throw e;
          }
          const runner = g.createRunner(rules, specs, mode);
          const sink = { buckets: new Bucketer(runner.bucketFeatures, []), n: 0, record() { this.n++; } };
          runner.decisions = sink;
          runner.reseedGame(seed, 0);
          runner.playOne();
          const b = entry.bounds(rules, specs.length);
          const rounds = Math.max(...runner.rounds);
          const at = `${specs.join(' ')} (${preset}, ${mode}, seed ${seed})`;
          expect(rounds, at).toBeGreaterThanOrEqual(1);
          expect(rounds, at).toBeLessThanOrEqual(mode === 'round' ? 1 : b.maxRounds);
          expect(sink.n, at).toBeLessThanOrEqual(rounds * b.maxDecisionsPerRound);
          for (let s = 0; s < specs.length; s++) {
            // A game's total is the sum of the rounds its seat played.
            expect(runner.scores[s], at).toBeGreaterThanOrEqual(runner.rounds[s] * b.roundScore.min);
            expect(runner.scores[s], at).toBeLessThanOrEqual(runner.rounds[s] * b.roundScore.max);
          }
          played++;
        }),
        { numRuns: 30 },
      );
      expect(played).toBeGreaterThan(10);
    }, 300_000);
  });
}

describe('declared bounds of the built-in presets, worked by hand', () => {
  it('SEVN: 13 + 12 + ... + 7 = 70, x2, + (2+4+6+8+10), + Featherweight 15 + Heavyweight 12 + Ladder 7 x 4, + SEVN 17 = 242', () => {
    const sevn = catalogEntry('sevn');
    const b = sevn.bounds(sevn.game.preset('sevn'), 4);
    expect(b.roundScore).toEqual({ min: 0, max: 242 });
    // 120 cards (92 numbers, 3 Ballast, 6 modifiers, 13 actions, 6 bonus cards): 2 x 120 x 121 + 4 + 1.
    expect(b.maxDecisionsPerRound).toBe(29045);
    expect(b.maxRounds).toBe(1000);
    // Flip 7's known best round: 12 + 11 + ... + 6 = 63, x2 = 126, + 30 of modifiers, + 15 for 7 cards.
    expect(sevn.bounds(sevn.game.preset('flip7'), 2).roundScore.max).toBe(171);
    // Numbers only: 70 + 17.
    expect(sevn.bounds(sevn.game.preset('sevn-numbers'), 2).roundScore.max).toBe(87);
  });
  it('SEVENFALL: Five of a Kind + Pair (18) at best a turn; 5 rounds; 3 discards and a stop a turn', () => {
    const sf = catalogEntry('sevenfall');
    expect(sf.bounds(sf.game.preset('sevenfall'), 3)).toEqual({ roundScore: { min: 0, max: 18 }, maxRounds: 5, maxDecisionsPerRound: 12 });
  });
});
