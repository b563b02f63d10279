/**
 * Hint latency of `play --human --hints` at the default budget: seeded games in which the person's
 * seat takes every suggested answer; each hint (the advice panel of one decision) is timed from the
 * call to its text, in CPU time of this process (what it costs on an idle core, whatever else the
 * machine runs) and in wall time. Prints the count, median, p95 and max in milliseconds.
 *
 *   npm run build && node dist/bench/hints.js [--games N] [--players ev race bust-cap]
 *
 * SEVENFALL hints are exact lookups in the turn solution, which is solved once per rules (its first
 * hint includes that solve; the rest are counted separately).
 */
import { sevenfallPreset } from '../src/games/sevenfall/rules.js';
import { SevenfallHumanGame } from '../src/games/sevenfall/analyses/human-game.js';
import { SevnHumanGame } from '../src/games/sevn/analyses/human-game.js';
import { sevnPreset } from '../src/games/sevn/rules.js';
import type { TableGame } from '../src/games/table-game.js';
import { SEVENFALL_STRATEGIES } from '../strategies/sevenfall/index.js';
import { SEVN_STRATEGIES } from '../strategies/sevn/index.js';

const args = process.argv.slice(2);
const games = Number(args[args.indexOf('--games') + 1] || 3);
const at = args.indexOf('--players');
const bots = at >= 0 ? args.slice(at + 1).filter((a) => !a.startsWith('--')) : ['ev', 'race', 'bust-cap'];

function timeHints(make: (seed: number) => TableGame): { cpu: number[]; wall: number[] } {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let seed = 1; seed <= games; seed++) {
    const g = make(seed);
    while (!g.over) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      g.hintText();
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      wall.push(performance.now() - t0);
      const error = g.answer(g.suggestedInput());
      if (error !== null) throw new Error(error);
    }
  }
  return { cpu, wall };
}

function quantiles(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return `median ${q(0.5).toFixed(1)}, p95 ${q(0.95).toFixed(1)}, max ${s[s.length - 1].toFixed(1)} ms`;
}

const summary = (name: string, t: { cpu: number[]; wall: number[] }) => `${name}: ${t.cpu.length} hints; CPU time ${quantiles(t.cpu)}; wall time ${quantiles(t.wall)}`;

const specs = ['human', ...bots];
console.log(summary(`SEVN, ${specs.length} players (you + ${bots.join(', ')}), ${games} games`, timeHints((seed) => new SevnHumanGame(SEVN_STRATEGIES, sevnPreset('sevn'), specs, 0, seed))));
const sf = timeHints((seed) => new SevenfallHumanGame(SEVENFALL_STRATEGIES, sevenfallPreset('sevenfall'), ['human', 'greedy', 'stand'], 0, seed));
console.log(`SEVENFALL: the first hint solves the turn (${sf.wall[0].toFixed(0)} ms wall, once per rules); ${summary('then', { cpu: sf.cpu.slice(1), wall: sf.wall.slice(1) })}`);
console.log(`(load average ${(await import('node:os')).loadavg()[0].toFixed(1)} on ${(await import('node:os')).availableParallelism()} cores)`);
