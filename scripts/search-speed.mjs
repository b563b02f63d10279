#!/usr/bin/env node
/**
 * CPU time per decision of the `search` bot in 4-player games (one thread): `search:SPEC` in seat 0
 * against three `FIELD`, whole games, every decision it makes counted and timed by process.cpuUsage
 * (user + system CPU of this process, not wall time: the machine may be shared). Prints the mean, the
 * median, the 95th percentile and the largest, and the decisions a second the mean gives.
 *
 *   npm run build && node scripts/search-speed.mjs [--preset sevn] [--games 20] [--field ev] SPEC...
 */
import { Rng } from '../dist/src/engine/rng.js';
import { SevnEngine } from '../dist/src/games/sevn/engine.js';
import { makeSevnPlayers } from '../dist/src/games/sevn/index.js';
import { sevnPreset } from '../dist/src/games/sevn/rules.js';
import { SEVN_STRATEGIES } from '../dist/strategies/sevn/index.js';
import { scriptArgs } from './args.mjs';

export function searchSpeed(preset, spec, field, games, seed = 1) {
  const rules = sevnPreset(preset);
  const engine = new SevnEngine(rules);
  const specs = [spec, field, field, field];
  const players = makeSevnPlayers(SEVN_STRATEGIES, rules, specs, specs.map((_, i) => new Rng(`${seed}/${i}`)));
  const p = players[0];
  let decisions = 0;
  let cpu = 0;
  const each = [];
  for (const k of ['drawOrStay', 'freezeTarget', 'tripleDrawTarget', 'crossroads', 'ballast', 'secondChanceTo']) {
    const inner = p[k].bind(p);
    p[k] = (v) => {
      const t = process.cpuUsage();
      const a = inner(v);
      const d = process.cpuUsage(t);
      cpu += d.user + d.system;
      each.push((d.user + d.system) / 1000);
      decisions++;
      return a;
    };
  }
  const rng = new Rng(`${seed}/deck`);
  for (let g = 0; g < games; g++) engine.playGame(players, rng);
  each.sort((x, y) => x - y);
  const at = (q) => each[Math.min(each.length - 1, Math.floor(q * each.length))];
  return { decisions, msPerDecision: cpu / 1000 / decisions, decisionsPerSecond: decisions / (cpu / 1e6), medianMs: at(0.5), p95Ms: at(0.95), maxMs: each[each.length - 1] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals, int } = scriptArgs(
    'node scripts/search-speed.mjs [--preset sevn] [--games 20] [--field ev] SPEC...',
    { preset: { type: 'string', default: 'sevn' }, games: { type: 'string', default: '20' }, field: { type: 'string', default: 'ev' } },
    { positionals: true },
  );
  const { preset, field } = values;
  const games = int('games', 1);
  for (const spec of positionals) {
    const r = searchSpeed(preset, spec, field, games);
    console.log(`${preset} ${spec} vs 3 ${field}: ${r.decisions} decisions in ${games} games, ms CPU a decision: mean ${r.msPerDecision.toFixed(2)}, median ${r.medianMs.toFixed(2)}, p95 ${r.p95Ms.toFixed(2)}, max ${r.maxMs.toFixed(1)}; ${Math.round(r.decisionsPerSecond)} decisions/s`);
  }
}
