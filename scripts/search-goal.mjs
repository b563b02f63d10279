#!/usr/bin/env node
/**
 * The search bot's goal matches, in blocks: `SPEC` against each bot of `--against` (BOT:SEED, comma
 * separated; default ev:404,race:606, the seeds of scripts/strategy-study.mjs) in 4-player games of
 * `--preset`, in a field of three of that bot, paired and seats rotated (`sevensim compare --mode
 * game`, one thread, chunks of 8 games). Block k of a match plays `--block` paired games with seed
 * SEED + k, the matches taking turns block by block; after each block it prints the match's pooled
 * win-share difference (search minus the other bot), its SE and 95% CI over every game so far, so a
 * run stopped early still reports every block it finished. The same arguments give the same figures.
 *
 *   npm run build && node scripts/search-goal.mjs [--preset sevn] [--against ev:404,race:606] [--games 4000] [--block 500] [SPEC]
 *
 * A single block is exactly `sevensim compare --game sevn --preset P --mode game -a SPEC -b B --field B
 * --field B --field B --games BLOCK --seed S --threads 1 --chunk-size 8`.
 */
import { sevnModule } from '../dist/src/catalog.js';
import { compare } from '../dist/src/run/compare.js';
import { scriptArgs } from './args.mjs';

const { values, positionals, int, fail } = scriptArgs(
  'node scripts/search-goal.mjs [--preset sevn] [--against ev:404,race:606] [--games 4000] [--block 500] [SPEC]',
  { preset: { type: 'string', default: 'sevn' }, against: { type: 'string', default: 'ev:404,race:606' }, games: { type: 'string', default: '4000' }, block: { type: 'string', default: '500' } },
  { positionals: true },
);
const preset = values.preset;
const matches = values.against.split(',').map((x) => {
  const [bot, seed] = x.split(':');
  return { bot, seed: Number(seed), n: 0, sum: 0, sumSq: 0, winA: 0, winB: 0, seconds: 0 };
});
const games = int('games', 1);
const block = int('block', 2);
const spec = positionals[0] ?? 'search';
if (matches.some((m) => !['ev', 'race'].includes(m.bot) || !Number.isInteger(m.seed))) fail(`--against ${values.against}: expected BOT:SEED,... with BOT ev or race and an integer SEED`);

const rules = sevnModule.preset(preset);
for (let k = 0; matches.some((m) => m.n < games); k++) {
  for (const m of matches) {
    if (m.n >= games) continue;
    const g = Math.min(block, games - m.n);
    const b = m.bot;
    const r = await compare({ game: sevnModule, rules, preset, mode: 'game', a: spec, b, field: [b, b, b], games: g, seed: m.seed + k, threads: 1, chunkSize: 8 });
    const w = r.winDiff;
    m.n += r.games;
    m.sum += w.mean * r.games;
    m.sumSq += w.sd * w.sd * (r.games - 1) + w.mean * w.mean * r.games;
    m.winA += r.winShareA * r.games;
    m.winB += r.winShareB * r.games;
    m.seconds += r.seconds;
    const n = m.n;
    const mean = m.sum / n;
    const se = Math.sqrt(Math.max(0, (m.sumSq - n * mean * mean) / (n - 1)) / n);
    console.log(
      `${preset} ${spec} vs ${b} (field 3 ${b}): block ${k} seed ${m.seed + k} ${r.games} games: ${w.mean.toFixed(4)}; ` +
        `pooled ${n} paired games: win share ${(m.winA / n).toFixed(4)} vs ${(m.winB / n).toFixed(4)}, difference ${mean.toFixed(4)} (SE ${se.toFixed(4)}, 95% CI [${(mean - 1.959964 * se).toFixed(4)}, ${(mean + 1.959964 * se).toFixed(4)}]), ${Math.round(m.seconds)} s`,
    );
  }
}
