/**
 * SEVN engine throughput on one thread: whole four-player `sevn` games (four `stay-at` players,
 * points 20, 25, 30 and 35), and `stay-at` solo rounds in round mode on `sevn-numbers` and `sevn`.
 */
import { Rng } from '../src/engine/rng.js';
import { SevnEngine } from '../src/games/sevn/engine.js';
import { makeSevnPlayers } from '../src/games/sevn/index.js';
import { sevnPreset } from '../src/games/sevn/rules.js';
import { type BenchCase, measure } from './measure.js';

const games: BenchCase = {
  name: 'sevn 4-player games (1 thread)',
  async run() {
    const rules = sevnPreset('sevn');
    const engine = new SevnEngine(rules);
    const rng = new Rng('bench');
    const specs = ['stay-at:points=20', 'stay-at:points=25', 'stay-at:points=30', 'stay-at:points=35'];
    const players = makeSevnPlayers(rules, specs, specs.map((_, i) => new Rng(`s${i}`)));
    let sink = 0;
    const m = await measure(this.name, 'games', 1_000_000, (n) => {
      for (let i = 0; i < n; i++) {
        engine.playGame(players, rng);
        sink += engine.totals[0];
      }
    }, 100_000);
    if (sink < 0) console.log(sink);
    return m;
  },
};

function soloRounds(preset: string, count: number, target?: number): BenchCase {
  return {
    name: `sevn ${preset} stay-at solo rounds (1 thread)`,
    async run() {
      const rules = sevnPreset(preset);
      const engine = new SevnEngine(rules);
      const rng = new Rng('bench');
      const players = makeSevnPlayers(rules, ['stay-at'], [new Rng('s')]);
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

export const SEVN_BENCH: BenchCase[] = [games, soloRounds('sevn-numbers', 20_000_000, 5_000_000), soloRounds('sevn', 10_000_000)];
