/**
 * The SEVENFALL one-turn solver: solve time, state counts and values for both presets, the policy
 * rows (what `policy.arrow` holds), and `optimal` decisions per second through the engine.
 * Run: `npx tsc -p . && node dist/bench/solver.js [--json]` (not part of `npm run bench`).
 */
import { performance } from 'node:perf_hooks';
import { Rng } from '../src/engine/rng.js';
import { createStrategy } from '../src/engine/strategy.js';
import { SevenfallEngine } from '../src/games/sevenfall/engine.js';
import { SEVENFALL_PRESETS, sevenfallPreset } from '../src/games/sevenfall/rules.js';
import { parseObjective } from '../src/games/sevenfall/objective.js';
import { solveSevenfall } from '../src/games/sevenfall/solution.js';
import { SEVENFALL_STRATEGIES } from '../strategies/sevenfall/index.js';

const results: Record<string, unknown>[] = [];
for (const preset of Object.keys(SEVENFALL_PRESETS)) {
  const rules = sevenfallPreset(preset);
  for (const text of ['ev', 'at-least:8', 'at-least:15']) {
    const sol = solveSevenfall(rules, parseObjective(text));
    const t0 = performance.now();
    let rows = 0;
    for (const _ of sol.policyRows()) rows++;
    const rowSeconds = (performance.now() - t0) / 1000;
    const m = sol.scoreMoments();
    const r = { preset, objective: text, value: sol.value, states: sol.states, chanceStates: sol.chanceStates, rows, seconds: sol.seconds, rowSeconds, policyMean: m.mean, policySd: Math.sqrt(m.variance) };
    results.push(r);
    console.log(`${preset} ${text}: value ${sol.value.toFixed(12)}  states ${sol.states}  chance ${sol.chanceStates}  rows ${rows}  solve ${sol.seconds.toFixed(3)} s  rows ${rowSeconds.toFixed(3)} s  policy mean ${m.mean.toFixed(6)} sd ${Math.sqrt(m.variance).toFixed(6)}`);
  }
  const engine = new SevenfallEngine(rules);
  const rng = new Rng('bench');
  const player = createStrategy('sevenfall', SEVENFALL_STRATEGIES, 'optimal', { rules, table: engine.table, rng: new Rng('s') });
  const n = 1_000_000;
  let sum = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) sum += engine.playTurn(player, rng, 0, 0, 1);
  const s = (performance.now() - t0) / 1000;
  results.push({ preset, strategy: 'optimal', turns: n, seconds: s, turnsPerSecond: n / s, mean: sum / n });
  console.log(`${preset} optimal: ${n} turns in ${s.toFixed(2)} s (${Math.round(n / s)} turns/s), mean ${(sum / n).toFixed(4)}`);
}
if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
