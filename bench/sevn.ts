/**
 * SEVN engine throughput on one thread: whole four-player `sevn` games (four `stay-at` players,
 * points 20, 25, 30 and 35; and `ev` or `race` in every seat or in one), `search`'s decisions, and
 * `stay-at` solo rounds in round mode on `sevn-numbers` and `sevn`; and the simulate loop with and
 * without recording decision outcomes (their ratio is the recording cost; issue 10 allows 25%).
 */
import { Rng } from '../src/engine/rng.js';
import { SevnEngine } from '../src/games/sevn/engine.js';
import { makeSevnPlayers } from '../src/games/sevn/index.js';
import { SEVN_STRATEGIES } from '../strategies/sevn/index.js';
import { sevnPreset } from '../src/games/sevn/rules.js';
import { sevnModule } from '../src/catalog.js';
import { parseBuckets } from '../src/engine/decisions.js';
import { type RunDefinition, playChunks } from '../src/engine/runner.js';
import { type BenchCase, measure } from './measure.js';

/** Whole four-player `sevn` games, one lineup per case (each case runs in a process of its own). */
function games(name: string, specs: string[], count: number, target?: number): BenchCase {
  return {
    name,
    async run() {
      const rules = sevnPreset('sevn');
      const engine = new SevnEngine(rules);
      const rng = new Rng('bench');
      const players = makeSevnPlayers(SEVN_STRATEGIES, rules, specs, specs.map((_, i) => new Rng(`s${i}`)));
      let sink = 0;
      const m = await measure(this.name, 'games', count, (n) => {
        for (let i = 0; i < n; i++) {
          engine.playGame(players, rng);
          sink += engine.totals[0];
        }
      }, target);
      if (sink < 0) console.log(sink);
      return m;
    },
  };
}

/**
 * `search`'s decisions per second (each races up to `rollouts` paired futures per answer to the end
 * of the game): one search seat among three stay-at seats, decisions of every kind counted as made.
 */
const searchDecisions: BenchCase = {
  name: 'sevn search decisions (default budget, 4-player games)',
  async run() {
    const rules = sevnPreset('sevn');
    const engine = new SevnEngine(rules);
    const rng = new Rng('bench');
    const specs = ['search', 'stay-at:points=20', 'stay-at:points=25', 'stay-at:points=30'];
    const players = makeSevnPlayers(SEVN_STRATEGIES, rules, specs, specs.map((_, i) => new Rng(`s${i}`)));
    let decisions = 0;
    const p = players[0];
    for (const k of ['drawOrStay', 'freezeTarget', 'tripleDrawTarget', 'crossroads', 'ballast', 'secondChanceTo'] as const) {
      const inner = p[k].bind(p);
      p[k] = (v) => {
        decisions++;
        return inner(v);
      };
    }
    // Timed by decisions: play whole games until `n` decisions have been made.
    return measure(this.name, 'decisions', 400, (n) => {
      const stop = decisions + n;
      while (decisions < stop) engine.playGame(players, rng);
    });
  },
};

function soloRounds(preset: string, count: number, target?: number): BenchCase {
  return {
    name: `sevn ${preset} stay-at solo rounds (1 thread)`,
    async run() {
      const rules = sevnPreset(preset);
      const engine = new SevnEngine(rules);
      const rng = new Rng('bench');
      const players = makeSevnPlayers(SEVN_STRATEGIES, rules, ['stay-at'], [new Rng('s')]);
      let sink = 0;
      const m = await measure(this.name, 'rounds', count, (n) => {
        for (let i = 0; i < n; i++) {
          engine.playRound(players, rng);
          sink += engine.roundScore[0];
        }
      }, target);
      if (sink < 0) console.log(sink);
      return m;
    },
  };
}

/**
 * The simulate loop (playChunks, as a worker runs it) on four stay-at seats in game mode, recording
 * nothing or every decision's outcome in the default buckets: run both (`node dist/bench/run.js
 * "simulate loop"`), interleaved and more than once, and compare.
 */
function simulateLoop(decisions: 'none' | 'outcomes'): BenchCase {
  return {
    name: `sevn simulate loop, 4-player games, decisions ${decisions}`,
    async run() {
      const rules = sevnPreset('sevn');
      const players = ['stay-at:points=20', 'stay-at:points=25', 'stay-at:points=30', 'stay-at:points=35'];
      const runner = sevnModule.createRunner(rules, players, 'game');
      const buckets = parseBuckets(sevnModule.bucketFeatures(rules), sevnModule.defaultBuckets);
      const def: RunDefinition = { game: 'sevn', rules, mode: 'game', players, games: 0, seed: 1, chunkSize: 4096, decisions, buckets };
      let sink = 0;
      const m = await measure(this.name, 'games', 400_000, (n) => {
        const r = playChunks(runner, { ...def, games: n }, 0, Math.ceil(n / def.chunkSize), decisions !== 'none', false);
        sink += r.seats[1] + r.decisions.length;
      });
      if (sink < 0) console.log(sink);
      return m;
    },
  };
}

export const SEVN_BENCH: BenchCase[] = [
  // The target's lineup is issue 23's (and `sevensim bench`'s): 4 x stay-at 20. The mixed one, whose
  // higher thresholds draw more cards a game, is timed beside it without a target.
  games('sevn 4-player games (1 thread)', ['stay-at:points=20', 'stay-at:points=20', 'stay-at:points=20', 'stay-at:points=20'], 1_000_000, 140_000),
  games('sevn 4-player games, stay-at 20/25/30/35', ['stay-at:points=20', 'stay-at:points=25', 'stay-at:points=30', 'stay-at:points=35'], 1_000_000),
  // ev and race play at least half as many games a second as stay-at (issue 9): every seat the bot.
  games('sevn 4-player games, ev in every seat', ['ev', 'ev', 'ev', 'ev'], 100_000),
  games('sevn 4-player games, race in every seat', ['race', 'race', 'race', 'race'], 200_000),
  games('sevn 4-player games, ev in one seat', ['ev', 'stay-at:points=20', 'stay-at:points=25', 'stay-at:points=30'], 200_000),
  games('sevn 4-player games, race in one seat', ['race', 'stay-at:points=20', 'stay-at:points=25', 'stay-at:points=30'], 200_000),
  searchDecisions,
  soloRounds('sevn-numbers', 20_000_000, 15_000_000), soloRounds('sevn', 10_000_000),
  simulateLoop('none'), simulateLoop('outcomes')];
