#!/usr/bin/env node
/**
 * Decision quality of `search` settings, far cheaper to measure than win share over whole games: at
 * the draw-or-stay decisions of seat 0 (played by `--driver`) in 4-player games against three
 * `--field`, a reference values both answers by `--ref` full-game rollouts each (horizon=0; the search's own
 * models, win share; exact answers off), and every SPEC answers the same view. Its regret at a decision
 * is the reference value of the better answer minus that of its answer (in win share); the mean over
 * decisions, with its SE, is printed per SPEC, with its CPU time a decision (process.cpuUsage, one
 * thread) and the share of decisions where it left the driver's model answer. The specs' own rollouts
 * are independent of the reference's, so differences between specs are unbiased (the reference's own
 * noise adds spread, not bias). It measures how well a spec finds the better answer under the models
 * (opponents and its own later decisions as `race`), not whether the models are right: only games
 * (`sevensim compare`) show that.
 *
 *   npm run build && node scripts/search-regret.mjs [--preset sevn] [--games 20] [--field ev] [--driver race] [--ref 2000] [--seed 1] SPEC...
 */
import { Rng } from '../dist/src/engine/rng.js';
import { createStrategy } from '../dist/src/engine/strategy.js';
import { SevnEngine } from '../dist/src/games/sevn/engine.js';
import { makeSevnPlayers } from '../dist/src/games/sevn/index.js';
import { sevnPreset } from '../dist/src/games/sevn/rules.js';
import { strategySide } from '../dist/src/games/sevn/view-buffer.js';
import { SEVN_STRATEGIES } from '../dist/strategies/sevn/index.js';
import { scriptArgs } from './args.mjs';

const { values, positionals, int } = scriptArgs(
  'node scripts/search-regret.mjs [--preset sevn] [--games 20] [--field ev] [--driver race] [--ref 2000] [--seed 1] SPEC...',
  { preset: { type: 'string', default: 'sevn' }, games: { type: 'string', default: '20' }, field: { type: 'string', default: 'ev' }, driver: { type: 'string', default: 'race' }, ref: { type: 'string', default: '2000' }, seed: { type: 'string', default: '1' } },
  { positionals: true },
);
const { preset, field, driver, seed } = values;
const games = int('games', 1);
const ref = int('ref', 2);
const specs = positionals.length > 0 ? positionals : ['search'];

const rules = sevnPreset(preset);
const side = strategySide(rules);
const make = (spec, name) => createStrategy('sevn', SEVN_STRATEGIES, spec, { rules: side.rules, cards: side.cards, rng: new Rng(`${seed}/${name}`) });
const reference = make(`search:rollouts=${ref},min=${ref},z=10,exact=off,horizon=0`, 'ref');
const model = make('race', 'model');
const candidates = specs.map((s, i) => ({ spec: s, p: make(s, `c${i}`), g: [], cpu: 0, moved: 0 }));

const lineup = [driver, field, field, field];
const players = makeSevnPlayers(SEVN_STRATEGIES, rules, lineup, lineup.map((_, i) => new Rng(`${seed}/${i}`)));
const p = players[0];
const inner = p.drawOrStay.bind(p);
let decisions = 0;
let refSe = 0;
const phase = { early: 0, late: 0 };
p.drawOrStay = (v) => {
  reference.drawOrStay(v);
  const most = reference.most;
  const n = reference.played;
  let q = [0, 0];
  let d2 = 0;
  if (n > 0) {
    for (let r = 0; r < n; r++) {
      q[0] += reference.values[r];
      q[1] += reference.values[most + r];
      const x = reference.values[most + r] - reference.values[r];
      d2 += x * x;
    }
    q = q.map((x) => x / n);
    const d = q[1] - q[0];
    refSe += Math.sqrt(Math.max(0, d2 / n - d * d) / n);
  }
  // reference.answers[0] is STAY, [1] DRAW
  const value = (a) => (a === reference.answers[0] ? q[0] : q[1]);
  const best = Math.max(q[0], q[1]);
  const usual = model.drawOrStay(v);
  for (const c of candidates) {
    const t = process.cpuUsage();
    const a = c.p.drawOrStay(v);
    const dt = process.cpuUsage(t);
    c.cpu += dt.user + dt.system;
    const g = best - value(a);
    c.g.push(g);
    if (a !== usual) c.moved++;
  }
  decisions++;
  return inner(v);
};
const rng = new Rng(`${seed}/deck`);
const engine = new SevnEngine(rules);
for (let g = 0; g < games; g++) engine.playGame(players, rng);
console.log(`${preset}: ${decisions} draw-or-stay decisions of ${driver} in ${games} games against three ${field}, seed ${seed}; reference ${ref} full-game rollouts an answer (mean SE of its draw - stay difference ${(refSe / decisions).toFixed(4)})`);
/** Mean and SE of x (or of x - y, paired). */
const meanSe = (x, y) => {
  let s = 0;
  let s2 = 0;
  for (let i = 0; i < x.length; i++) {
    const d = x[i] - (y ? y[i] : 0);
    s += d;
    s2 += d * d;
  }
  const m = s / x.length;
  return [m, Math.sqrt(Math.max(0, s2 / x.length - m * m) / x.length)];
};
const milli = ([m, se]) => `${(m * 1000).toFixed(3)} ± ${(se * 1000).toFixed(3)}`;
console.log(`regret in 1/1000 win share a decision (mean ± SE) | minus the first spec's (paired) | ms CPU a decision | decisions off race's answer | spec`);
for (const c of candidates) {
  console.log(`${milli(meanSe(c.g))} | ${milli(meanSe(c.g, candidates[0].g))} | ${(c.cpu / 1000 / decisions).toFixed(2)} | ${c.moved} | ${c.spec}`);
}
