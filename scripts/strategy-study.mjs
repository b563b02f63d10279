#!/usr/bin/env node
/**
 * The SEVN strategy study behind docs/STRATEGY.md: 4-player games of `sevn` and `flip7`.
 *
 *   npm run build && node scripts/strategy-study.mjs [--quick] [--threads T] [--ladder-deals D] [--out DIR] [--doc FILE] [--preset P] [--doc-only]
 *
 * Run time: on 2026-12-01 (2 threads, the test suite running beside it for part of it) about 28 min:
 * the tunes 61 s and 18 s, sevn 1,189 s (the 60-deal ladder 174 s, the search bot's 8,000-game goal
 * matches and timings 1,012 s), flip7 405 s. The last run (2026-12-02, at nice 19 beside other work
 * using both cores) took 75 min. docs/STRATEGY.md prints how long each step took. Run it as `npm run build && nice -n 15 node scripts/strategy-study.mjs
 * --threads 2`.
 *
 * 1. Tuned defaults (preset `sevn`): `sevensim tune` (the same function) tunes `race` by CMA-ES on
 *    its win share against a field of three `ev`, and `ev`'s margin on a grid (the race method) with
 *    the same field; each answer is validated on games the search never saw (tune's validation block).
 *    A finished tune in --out with the same definition is read back instead of played again (delete
 *    its directory to play it again).
 * 2. For each preset: the best fixed `stay-at` threshold (a tournament of stay-at:points=15..40).
 * 3. For each preset: a rating of every kind of bot, a tournament of the best stay-at, bust-cap,
 *    optimal-solo, ev, race and search (every table of four, every seat order) on --ladder-deals deals
 *    (default 60: the Elo CIs are a bootstrap over deals, the independent unit, and need a few tens of
 *    them; with 2 a bootstrap has 3 distinct resamples).
 * 4. For each preset: the search bot's budget curve: `search:rollouts=R` against `ev` (paired, seats
 *    rotated, field three ev) for every budget R, with its CPU time a decision (process.cpuUsage, one
 *    thread, scripts/search-speed.mjs); and the largest budget against `race` (field three race).
 * It writes docs/STRATEGY.md and, under --out (default results/strategy-study), the tune and tournament
 * files, and study.json (every figure; --doc-only remakes the document from it and any
 * study-P.json; --preset P studies preset P alone into study-P.json, to run the presets side by side). --quick plays a few
 * games of each step (a smoke test of the script, not a study).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { sevnModule } from '../dist/src/catalog.js';
import { compare } from '../dist/src/run/compare.js';
import { formatTournament, tournament } from '../dist/src/run/tournament.js';
import { formatTune, tune } from '../dist/src/run/tune.js';
import { searchSpeed } from './search-speed.mjs';
import { scriptArgs } from './args.mjs';
import { signedRound } from '../dist/src/io/words.js';

const { values, int } = scriptArgs(
  'node scripts/strategy-study.mjs [--quick] [--threads T] [--ladder-deals D] [--out DIR] [--doc FILE] [--preset P] [--doc-only]',
  {
    quick: { type: 'boolean', default: false },
    threads: { type: 'string', default: String(availableParallelism()) },
    out: { type: 'string', default: 'results/strategy-study' },
    doc: { type: 'string', default: 'docs/STRATEGY.md' },
    'ladder-deals': { type: 'string' },
    preset: { type: 'string' },
    'doc-only': { type: 'boolean', default: false },
  },
);
const args = process.argv.slice(2); // as given: recorded in study.json
const quick = values.quick;
const threads = int('threads', 1);
const outDir = values.out;
const doc = values.doc;
values['ladder-deals'] ??= quick ? '2' : '60';
// A bootstrap over deals needs two of them at least.
const ladderDeals = int('ladder-deals', 2);

// Budgets: tune games in all (20% validation); tournament deals (each played at every table in every
// seat order); paired games per compare; games timed per budget.
const B = quick
  ? { tuneRace: 20000, tuneEv: 25000, stayDeals: 2, ladderDeals, curveGames: 8, goalGames: 8, speedGames: 2 }
  : { tuneRace: 600000, tuneEv: 200000, stayDeals: 40, ladderDeals, curveGames: 160, goalGames: 8000, speedGames: 12 };
/** search's built-in budget: the curve ends with it (the goal is search as it ships). */
const SEARCH_DEFAULT = sevnModule.strategies.find((d) => d.name === 'search').params.find((p) => p.name === 'rollouts').default;
const BUDGETS = quick ? [4, 8, 16, 32, 64] : [SEARCH_DEFAULT / 16, SEARCH_DEFAULT / 8, SEARCH_DEFAULT / 4, SEARCH_DEFAULT / 2, SEARCH_DEFAULT].map((x) => Math.max(2, Math.round(x)));
const TOP = BUDGETS[BUDGETS.length - 1];
/** The search bot's budget in the ladder (each of its games there costs what a compare's does). */
const LADDER_SEARCH = quick ? 'search:rollouts=8' : 'search:rollouts=16';
const STAY_GRID = [15, 20, 25, 30, 35, 40];
/** The tunes' starts: the previous tunes' answers (race's when its `points` range stopped at 80). */
const RACE_START = 'race:points=79.1862,behind=0.0108514,ahead=0.196272,stake=0.470479,crowd=-7.66588,risk=0.222166';
const EV_START = 'ev:margin=-2';
const FIELD = ['ev', 'ev', 'ev'];
const CHUNK = 8;

const log = (s) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);
const f = (x, d = 4) => (Number.isFinite(x) ? x.toFixed(d) : '-');
const ci = (c, d = 4) => `[${f(c[0], d)}, ${f(c[1], d)}]`;
const n = (x) => x.toLocaleString('en-US');

/** `sevensim tune` in this process, or its finished result in `out` when the definition is the same. */
async function tuned(o) {
  const out = join(outDir, 'sevn', o.name);
  const opts = { game: sevnModule, rules: sevnModule.preset('sevn'), preset: 'sevn', fix: [], mode: 'game', objective: null, threads, out, ...o.tune };
  const best = join(out, 'best.json');
  if (existsSync(best)) {
    const r = JSON.parse(readFileSync(best, 'utf8'));
    // `answer` and `confirmationGames`: a report of the tune with a confirmation block (older ones are played again).
    if ('answer' in r && r.strategy === opts.strategy && r.method === o.method && r.budget === opts.budget && r.seed === opts.seed && r.field.join(' ') === opts.field.join(' ') && r.start.spec.startsWith(opts.start ?? opts.strategy)) {
      log(`${o.name}: the finished tune in ${out} is read back`);
      return r;
    }
  }
  log(`${o.name}: tune ${opts.strategy}, ${n(opts.budget)} games`);
  return (await tune({ ...opts, force: true })).report;
}

async function studyPreset(preset, race, ev) {
  const rules = sevnModule.preset(preset);
  const common = { game: sevnModule, rules, preset, mode: 'game', threads };
  const t0 = performance.now();

  log(`${preset}: stay-at thresholds ${STAY_GRID.join(', ')}`);
  const stay = await tournament({ ...common, players: STAY_GRID.map((p) => `stay-at:points=${p}`), tableSize: 4, games: B.stayDeals, seed: 101, out: join(outDir, preset, 'stay-at'), force: true });
  const bestStay = stay.ranking[0].spec;

  const ladderPlayers = [bestStay, 'bust-cap', 'optimal-solo', ev, race, LADDER_SEARCH];
  log(`${preset}: ladder ${ladderPlayers.join(' ')}`);
  const ladder = await tournament({ ...common, players: ladderPlayers, tableSize: 4, games: B.ladderDeals, seed: 303, out: join(outDir, preset, 'ladder'), force: true });

  const tCurve = performance.now();
  const curve = [];
  for (const r of BUDGETS) {
    const a = `search:rollouts=${r}`;
    // The largest budget (search's default) is the goal's game against ev: as many games as the goal.
    const games = r === TOP ? B.goalGames : B.curveGames;
    log(`${preset}: ${a} against ev, ${games} paired games`);
    const c = await compare({ ...common, a, b: 'ev', field: FIELD, games, seed: 404, chunkSize: CHUNK });
    const speed = searchSpeed(preset, a, 'ev', B.speedGames, 505);
    curve.push({ rollouts: r, c, speed });
  }
  // The goal: the default search against each fast bot in a field of that bot (against ev: the
  // curve's last budget, search's default).
  const goal = [curve[curve.length - 1].c];
  log(`${preset}: search against ${race}, ${B.goalGames} paired games`);
  goal.push(await compare({ ...common, a: `search:rollouts=${TOP}`, b: race, field: [race, race, race], games: B.goalGames, seed: 606, chunkSize: CHUNK }));
  const speed = curve[curve.length - 1].speed;
  return { preset, stay, bestStay, ladder, curve, goal, speed, speedGames: B.speedGames, searchSeconds: (performance.now() - tCurve) / 1000, seconds: (performance.now() - t0) / 1000 };
}

/** Whether a curve's largest budget is search's default (not in a --quick run). */
const topText = (rollouts) => (rollouts === SEARCH_DEFAULT ? ", search's default" : ` (search's default is ${SEARCH_DEFAULT})`);

const verdict = (d) => (d.ci95[0] > 0 ? 'yes, the CI lies above 0' : d.ci95[1] < 0 ? 'no, it loses: the CI lies below 0' : 'not shown: the CI includes 0');

const stayFigures = (x) => `Elo ${signedRound(x.elo)}, 95% CI [${signedRound(x.elo_ci95[0])}, ${signedRound(x.elo_ci95[1])}]; win share ${f(x.win_share)}, 95% CI ${ci(x.ws_ci95)}`;

/** The rating and the win share can rank two thresholds differently: say so rather than quote one under the other's name. */
function shareLeader(stay) {
  const top = [...stay.ranking].sort((x, y) => y.win_share - x.win_share)[0];
  if (top.spec === stay.ranking[0].spec) return '';
  const d = stay.pairs.find((p) => p.a === top.spec && p.b === stay.ranking[0].spec);
  return `; the highest win share is **${top.spec}**'s (${stayFigures(top)}; its win share less the top-rated one's, paired by deal: ${f(d.win_diff)}, 95% CI ${ci(d.win_diff_ci95)})`;
}

function section(r) {
  const lines = [`## ${r.preset}, 4-player games`, ''];
  lines.push('### The best fixed threshold', '');
  lines.push(`A tournament of ${STAY_GRID.map((p) => `stay-at:points=${p}`).join(', ')} at 4-seat tables (every table, every seat order, ` +
    `${r.stay.deals} deals = ${n(r.stay.games)} games, seed 101): best **${r.bestStay}**, the top of its rating (${stayFigures(r.stay.ranking[0])})${shareLeader(r.stay)}.`, '');
  lines.push('### Every bot on one ladder', '');
  lines.push(`${r.ladder.entrants.join(', ')} at 4-seat tables: ${r.ladder.tables} tables x ${r.ladder.seatOrders} seat orders, ${r.ladder.deals} deals = ` +
    `${n(r.ladder.games)} games (${n(r.ladder.gamesPerEntrant)} per bot), seed 303 (\`${r.ladder.entrants.find((e) => e.startsWith('search'))}\`: a small budget, to fit the study's time). ` +
    `The deal is the independent unit (the games of a deal share its cards): the Elo intervals are a bootstrap over these ${r.ladder.deals} deals. ` +
    `${Math.round(r.ladder.seconds)} s on ${r.ladder.threads} thread${r.ladder.threads === 1 ? '' : 's'}.`, '');
  lines.push('```', formatTournament(r.ladder), '```', '');
  lines.push('### The search bot: edge against budget', '');
  lines.push(`\`search:rollouts=R\` against \`ev\`, paired (the same deals, search or ev in one seat, seats rotated) in a field of three \`ev\`, ` +
    `seed 404 (the largest budget${topText(r.curve[r.curve.length - 1].rollouts)}, with as many games as the goal below). CPU time a decision: its own decisions of every kind in ` +
    `${r.speedGames ?? B.speedGames} games against three ev (scripts/search-speed.mjs: process.cpuUsage on one thread, on a machine other work may share: that work can only add to these times). ` +
    'The budget is the most rollouts per answer; a decision stops earlier once one answer is clear.', '');
  lines.push('| rollouts | paired games | win share search | win share ev | search - ev | 95% CI | beats ev? | ms CPU a decision: mean | median | p95 | max | decisions/s |', '|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const x of r.curve) {
    const w = x.c.winDiff;
    const sp = x.speed;
    lines.push(`| ${x.rollouts} | ${n(x.c.games)} | ${f(x.c.winShareA)} | ${f(x.c.winShareB)} | ${f(w.mean)} | ${ci(w.ci95)} | ${verdict(w)} | ${f(sp.msPerDecision, 2)} | ${f(sp.medianMs, 2)} | ${f(sp.p95Ms, 2)} | ${f(sp.maxMs, 1)} | ${Math.round(sp.decisionsPerSecond)} |`);
  }
  lines.push('', '### Does search beat the fast bots?', '');
  lines.push(`\`search:rollouts=${r.curve[r.curve.length - 1].rollouts}\` (${r.speed.msPerDecision.toFixed(2)} ms CPU a decision, ${Math.round(r.speed.decisionsPerSecond)} decisions/s, measured as above) ` +
    'against each fast bot, paired, in a field of three of that bot (against ev: the last line of the table above, seed 404; against race: seed 606):', '');
  lines.push('| against | paired games | win share search | win share it | search - it | 95% CI | beats it? |', '|---|---|---|---|---|---|---|');
  for (const g of r.goal) {
    const w = g.winDiff;
    lines.push(`| ${g.b} | ${n(g.games)} | ${f(g.winShareA)} | ${f(g.winShareB)} | ${f(w.mean)} | ${ci(w.ci95)} | ${verdict(w)} |`);
  }
  lines.push('');
  const beaten = r.goal.filter((g) => g.winDiff.ci95[0] > 0).map((g) => g.b);
  const fast = r.speed.msPerDecision <= 20;
  lines.push(`The goal (a win-share edge with its 95% CI above 0 against \`ev\` and against \`race\`, at no more than 20 ms CPU a decision): ` +
    (beaten.length === r.goal.length && fast ? '**met**.' : `**not met**: ${beaten.length === 0 ? 'neither edge is shown' : `shown against ${beaten.join(' and ')} only`}${fast ? '' : ', and a decision took more than 20 ms'}.`), '');
  const parts = [`the thresholds ${Math.round(r.stay.seconds)} s`, `the ladder ${Math.round(r.ladder.seconds)} s`];
  if (r.searchSeconds !== undefined) parts.push(`the search bot's games and timings ${Math.round(r.searchSeconds)} s`);
  lines.push(`(${r.preset}: ${Math.round(r.seconds)} s on ${study.threads} thread${study.threads === 1 ? '' : 's'}: ${parts.join(', ')}.)`, '');
  return lines.join('\n');
}

mkdirSync(outDir, { recursive: true });
// Every figure the document prints, kept in study.json (study-P.json with --preset P): --doc-only
// remakes the document from them.
const only = values.preset ?? null;
const PRESETS = only === null ? ['sevn', 'flip7'] : [only];
const saved = join(outDir, only === null ? 'study.json' : `study-${only}.json`);
let study;
if (values['doc-only']) {
  const files = readdirSync(outDir).filter((x) => /^study(-[a-z0-9-]+)?\.json$/.test(x)).sort();
  const parts = files.map((x) => JSON.parse(readFileSync(join(outDir, x), 'utf8')));
  study = { ...parts[0], runs: parts.map((x) => x.args ?? []), results: [] };
  for (const preset of ['sevn', 'flip7']) {
    const r = parts.map((p) => p.results.find((x) => x.preset === preset)).find((x) => x !== undefined);
    if (r !== undefined) study.results.push(r);
  }
} else {
  study = { started: new Date().toISOString(), threads, args, runs: [args], results: [] };
  study.raceTune = await tuned({ name: 'tune-race', method: 'cmaes', tune: { strategy: 'race', params: [], start: RACE_START, field: FIELD, method: 'cmaes', budget: B.tuneRace, seed: 2020 } });
  study.evTune = await tuned({ name: 'tune-ev', method: 'race', tune: { strategy: 'ev', params: ['margin=-8:8:1'], start: EV_START, field: FIELD, method: 'race', budget: B.tuneEv, seed: 2021 } });
  // The bots as the study plays them: their built-in defaults (which the tunes above set).
  for (const preset of PRESETS) {
    study.results.push(await studyPreset(preset, 'race', 'ev'));
    writeFileSync(saved, JSON.stringify(study, null, 1));
  }
}
const { raceTune, evTune, results } = study;
const started = new Date(study.started);
/** Whether a strategy's built-in defaults are the tune's answer (the study plays the built-in defaults). */
function defaultsText(name, r) {
  const def = sevnModule.strategies.find((d) => d.name === name);
  const differ = def.params.filter((p) => p.name in r.best.values && r.best.values[p.name] !== p.default);
  return differ.length === 0
    ? `\`${name}\`'s built-in defaults are this answer (what the rest of the study plays as \`${name}\`).`
    : `\`${name}\`'s built-in defaults differ from this answer in ${differ.map((p) => `${p.name} (${p.default}, tuned ${r.best.values[p.name]})`).join(', ')}; the rest of the study plays the built-in defaults.`;
}
const tuneText = (name, r) => [`\`${name}\`:`, '', '```', formatTune(r), '```', ''].join('\n');
const text = [
  '# SEVN strategy study',
  '',
  `Made by ${study.runs.map((a) => `\`${['node scripts/strategy-study.mjs', ...a].join(' ')}\``).join(' and ')}${study.runs.length > 1 ? ' (then `--doc-only`)' : ''} (after \`npm run build\`) on ${started.toISOString().slice(0, 10)}; ` +
    'it prints every figure below, re-run it to reproduce them (fixed seeds; the times and the CPU time a decision vary with the machine). ' +
    'Game mode, 4 players. Strategies: `sevensim strategies --game sevn`.',
  '',
  `Run time on ${study.threads} thread${study.threads === 1 ? '' : 's'}: the tunes ${Math.round(raceTune.seconds)} s and ${Math.round(evTune.seconds)} s (as their reports below say; ` +
    `a tune finished in an earlier run is read back, not played again), ${results.map((r) => `${r.preset} ${Math.round(r.seconds)} s`).join(', ')} (the steps of each at its section's end). ` +
    'To run it again: `npm run build && nice -n 15 node scripts/strategy-study.mjs --threads 2`.',
  '',
  '## Tuned defaults',
  '',
  `\`race\` and \`ev\`'s margin were tuned with \`sevensim tune\` on 4-player \`sevn\` games against a field of three \`ev\` ` +
    '(win share of the tuned seat, every seat in turn); every figure below comes from games the search never saw. ' +
    'The same as the commands:',
  '',
  '```',
  `sevensim tune --game sevn --mode game --strategy race --start ${RACE_START} --field ev --field ev --field ev --method cmaes --budget ${raceTune.budget} --seed ${raceTune.seed}`,
  `sevensim tune --game sevn --mode game --strategy ev --param margin=-8:8:1 --start ${EV_START} --field ev --field ev --field ev --method race --budget ${evTune.budget} --seed ${evTune.seed}`,
  '```',
  '',
  'Each starts from the answer of the tune before it (seeds 2020 and 2021 then too): `race`\'s from a tune whose range for `points` stopped at 80, ' +
    'where its answer (79.19) ended; the range is now [5, 150]. `ev`\'s margin -2 came from a tune from margin 0 that did not show it better than 0; ' +
    'the tune below keeps it unless another margin scores above it on the validation block.',
  '',
  tuneText('race', raceTune),
  tuneText('ev', evTune),
  defaultsText('race', raceTune),
  defaultsText('ev', evTune),
  '',
  '',
  ...results.map(section),
].join('\n');
mkdirSync(doc.split('/').slice(0, -1).join('/') || '.', { recursive: true });
writeFileSync(doc, text + '\n');
log(`written ${doc}`);
