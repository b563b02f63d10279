/** SEVENFALL engine throughput on one thread: `stand` and `greedy` turns per second. */
import { Rng } from '../src/engine/rng.js';
import { createStrategy } from '../src/engine/strategy.js';
import { SevenfallEngine } from '../src/games/sevenfall/engine.js';
import { sevenfallPreset } from '../src/games/sevenfall/rules.js';
import { SEVENFALL_STRATEGIES } from '../strategies/sevenfall/index.js';
import { type Measurement, measure } from './measure.js';

export async function benchSevenfall(): Promise<Measurement[]> {
  const rules = sevenfallPreset('sevenfall');
  const engine = new SevenfallEngine(rules);
  const rng = new Rng('bench');
  const out: Measurement[] = [];
  for (const [spec, turns, target] of [['stand', 20_000_000, 5_000_000], ['greedy', 2_000_000, undefined]] as const) {
    const player = createStrategy('sevenfall', SEVENFALL_STRATEGIES, spec, { rules, table: engine.table, rng: new Rng('s') });
    let sink = 0;
    out.push(await measure(`sevenfall ${spec} turns (1 thread)`, 'turns', turns, (n) => {
      for (let i = 0; i < n; i++) sink += engine.playTurn(player, rng, 0, 0, 1);
    }, target));
    if (sink < 0) console.log(sink); // keeps the loop observable
  }
  return out;
}
