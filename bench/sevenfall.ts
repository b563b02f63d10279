/** SEVENFALL engine throughput on one thread: `stand` and `greedy` turns per second. */
import { Rng } from '../src/engine/rng.js';
import { createStrategy } from '../src/engine/strategy.js';
import { SevenfallEngine } from '../src/games/sevenfall/engine.js';
import { sevenfallPreset } from '../src/games/sevenfall/rules.js';
import { SEVENFALL_STRATEGIES } from '../strategies/sevenfall/index.js';
import { type BenchCase, measure } from './measure.js';

function turns(spec: string, count: number, target?: number): BenchCase {
  return {
    name: `sevenfall ${spec} turns (1 thread)`,
    async run() {
      const rules = sevenfallPreset('sevenfall');
      const engine = new SevenfallEngine(rules);
      const rng = new Rng('bench');
      const player = createStrategy('sevenfall', SEVENFALL_STRATEGIES, spec, { rules, table: engine.table, rng: new Rng('s') });
      let sink = 0;
      const m = await measure(this.name, 'turns', count, (n) => {
        for (let i = 0; i < n; i++) sink += engine.playTurn(player, rng, 0, 0, 1);
      }, target);
      if (sink < 0) console.log(sink); // keeps the loop observable
      return m;
    },
  };
}

export const SEVENFALL_BENCH: BenchCase[] = [turns('stand', 20_000_000, 10_000_000), turns('greedy', 2_000_000), turns('optimal', 2_000_000)];
