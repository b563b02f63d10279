/** Counterfactual decision values: paired rollouts that leave the main line untouched. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readArrowFile } from '../../src/io/arrow.js';
import { sevenfallModule } from '../../src/catalog.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { ScoreTable } from '../../src/games/sevenfall/scoring.js';
import { profileIds } from '../../src/games/sevenfall/buckets.js';
import { type SimulateOptions, simulate } from '../../src/run/simulate.js';
import { tempDir } from '../helpers/dirs.js';
import { expectWithinSE } from '../helpers/stats.js';

const rules = sevenfallPreset('sevenfall');
const base = (over: Partial<SimulateOptions>): SimulateOptions => ({
  game: sevenfallModule as never,
  rules,
  preset: 'sevenfall',
  mode: 'round',
  players: ['greedy', 'random'],
  games: 6000,
  seed: 23,
  threads: 1,
  chunkSize: 500,
  ...over,
});

describe('simulate --decisions counterfactual (SEVENFALL)', () => {
  it('leaves the games as played unchanged, and is the same on 1 and 2 threads', async () => {
    const plain = await simulate(base({ out: tempDir('cf-plain'), decisions: 'outcomes' }));
    const a = tempDir('cf-a');
    const b = tempDir('cf-b');
    const one = await simulate(base({ out: a, decisions: 'counterfactual', counterfactual: { rate: 0.05, rollouts: 8 } }));
    const two = await simulate(base({ out: b, threads: 2, decisions: 'counterfactual', counterfactual: { rate: 0.05, rollouts: 8 } }));
    expect(one.seats).toEqual(plain.seats);
    expect(two.seats).toEqual(plain.seats);
    expect(readFileSync(join(b, 'decisions.arrow')).equals(readFileSync(join(a, 'decisions.arrow')))).toBe(true);
    expect(JSON.parse(readFileSync(join(a, 'run.json'), 'utf8'))).toMatchObject({ decisions: 'counterfactual', counterfactual: { rate: 0.05, rollouts: 8 } });
  }, 60_000);

  it('values every action of a state: stop exactly, a discard within 4 SE of its exact value', async () => {
    const dir = tempDir('cf-exact');
    await simulate(base({ players: ['stand'], games: 40000, out: dir, decisions: 'counterfactual', counterfactual: { rate: 1, rollouts: 16 } }));
    const rows = [...readArrowFile(join(dir, 'decisions.arrow'))].map((r) => r.toJSON());
    // First decisions of rows with one pair, four singletons and a Break: A A B C D E X (profile 2,1,1,1,1).
    const bucket = rows.filter((r) => r.profile === '2,1,1,1,1 X' && r.discards_left === 3);
    const stop = bucket.find((r) => r.action === 'stop')!;
    expect(stop.value).toBe(0); // the Break cancels the only pair
    expect(stop.value_se).toBe(0);
    const discardBreak = bucket.find((r) => r.action === 'discard break')!;
    // Exact: replace X by a random tile of the 33 left (40 - 7): stand then stops.
    const table = new ScoreTable(rules);
    const row = [0, 0, 1, 2, 3, 4];
    const left = [5 - 2, 5 - 1, 5 - 1, 5 - 1, 5 - 1, 5, 5, 3, 2 - 1];
    let exact = 0;
    left.forEach((n, t) => {
      const counts = new Uint8Array(9);
      for (const x of [...row, t]) counts[x]++;
      exact += (n / 33) * table.scoreCounts(counts);
    });
    expect(Number(discardBreak.rollouts)).toBeGreaterThan(1000);
    expectWithinSE(discardBreak.value, exact, discardBreak.value_se, 'discard-Break value');
    // With the reference valued 0 in every rollout, the difference is the value itself.
    expect(discardBreak.diff).toBeCloseTo(discardBreak.value, 12);
  }, 60_000);

  it('in game mode values an action by the final total and win share: stopping on the last turn is known exactly', async () => {
    // One round, two players: when seat 1 decides, seat 0's total is final, so stopping wins exactly
    // when the row's score beats it (a tie shares the win). Bucketing by the exact profile and gap
    // makes stop's outcome the same in every rollout of a bucket.
    const dir = tempDir('cf-game');
    const oneRound = { ...rules, rounds: 1 };
    await simulate(base({ rules: oneRound, mode: 'game', players: ['greedy', 'greedy'], games: 4000, out: dir, decisions: 'counterfactual', buckets: 'profile,gap-leader:1', counterfactual: { rate: 1, rollouts: 4 } }));
    const table = new ScoreTable(oneRound);
    const features = sevenfallModule.bucketFeatures(oneRound);
    const label = features[0].label!;
    const scoreOf = new Map<string, number>();
    profileIds(oneRound).indices.forEach((index, id) => scoreOf.set(label(oneRound, id), table.table[index]));
    const stops = [...readArrowFile(join(dir, 'decisions.arrow'))].map((r) => r.toJSON()).filter((r) => r.seat === 1 && r.action === 'stop');
    expect(stops.length).toBeGreaterThan(50);
    let wins = 0;
    for (const r of stops) {
      const score = scoreOf.get(r.profile)!;
      const opponent = -r.gap_leader;
      expect(r.value).toBe(score);
      expect(r.win).toBe(score > opponent ? 1 : score === opponent ? 0.5 : 0);
      expect([r.value_se, r.win_se]).toEqual([0, 0]);
      if (r.win === 1) wins++;
    }
    expect(wins).toBeGreaterThan(10);
  }, 120_000);

  it('is refused where it is not available, with a reason', async () => {
    await expect(simulate(base({ decisions: 'outcomes' }))).rejects.toThrow(/--decisions outcomes writes decisions.arrow, so it needs --out DIR/);
    await expect(simulate(base({ out: tempDir('cf-b'), decisions: 'outcomes', buckets: 'profile,round:0' }))).rejects.toThrow(/band width of round must be a positive integer/);
    await expect(simulate(base({ out: tempDir('cf-b2'), decisions: 'outcomes', buckets: 'points:5' }))).rejects.toThrow(/unknown feature "points:5" \(features: profile, discards-left, locked, round, gap-leader/);
    await expect(simulate(base({ decisions: 'counterfactual', counterfactual: { rate: 0.1, rollouts: 8 } }))).rejects.toThrow(/needs --out DIR/);
    await expect(simulate(base({ out: tempDir('cf-r'), decisions: 'counterfactual', counterfactual: { rate: 0, rollouts: 8 } }))).rejects.toThrow(/--sample-rate/);
  });
});
