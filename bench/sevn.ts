/**
 * SEVN engine throughput on one thread: whole four-player `sevn` games (four `stay-at` players,
 * points 20, 25, 30 and 35), then `stay-at` solo rounds in round mode on `sevn-numbers` and `sevn`.
 */
import { Rng } from '../src/engine/rng.js';
import { SevnEngine } from '../src/games/sevn/engine.js';
import { makeSevnPlayers } from '../src/games/sevn/index.js';
import { sevnPreset } from '../src/games/sevn/rules.js';
import { type Measurement, measure } from './measure.js';

export async function benchSevn(): Promise<Measurement[]> {
  const out: Measurement[] = [];
  // The 4-player games first: measured after the solo loops, the shared engine methods carry those
  // loops' feedback into the games and ran 10-25% slower (92-100k -> 69-93k games per CPU-second).
  // A simulate worker runs one lineup, like this first measurement.
  const rules = sevnPreset('sevn');
  const engine = new SevnEngine(rules);
  const rng = new Rng('bench');
  const specs = ['stay-at:points=20', 'stay-at:points=25', 'stay-at:points=30', 'stay-at:points=35'];
  const players = makeSevnPlayers(rules, engine.cards, specs, specs.map((_, i) => new Rng(`s${i}`)));
  let sink = 0;
  out.push(await measure('sevn 4-player games (1 thread)', 'games', 1_000_000, (n) => {
    for (let i = 0; i < n; i++) {
      engine.playGame(players, rng);
      sink += engine.totals[0];
    }
  }, 100_000));
  for (const [preset, rounds, target] of [['sevn-numbers', 20_000_000, 5_000_000], ['sevn', 10_000_000, undefined]] as const) {
    const rules = sevnPreset(preset);
    const engine = new SevnEngine(rules);
    const rng = new Rng('bench');
    const players = makeSevnPlayers(rules, engine.cards, ['stay-at'], [new Rng('s')]);
    out.push(await measure(`sevn ${preset} stay-at solo rounds (1 thread)`, 'rounds', rounds, (n) => {
      for (let i = 0; i < n; i++) {
        engine.playRound(players, rng);
        sink += engine.roundScore[0];
      }
    }, target));
  }
  if (sink < 0) console.log(sink); // keeps the loops observable
  return out;
}
