#!/usr/bin/env node
/**
 * What `exact=last` gains the `ev` and `race` bots (the last seat in played by the exact recursion,
 * src/games/sevn/last-seat.ts): paired 4-player games against three copies of the bot without it, on
 * the `sevn` and `flip7` decks. Each line is `sevensim compare` (the same deals and seats for both,
 * seats rotated): the win-share difference with its 95% CI, the games, and the time (seconds, wall clock).
 *
 *   npm run build && node scripts/exact-last-gain.mjs [--games N] [--seed S] [--presets sevn,flip7] [--bots ev,race]
 *
 * (--presets and --bots pick some of the four lines, e.g. to run them side by side.)
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from './args.mjs';

const { values, int } = scriptArgs(
  'node scripts/exact-last-gain.mjs [--games 2400] [--seed 1] [--presets sevn,flip7] [--bots ev,race]',
  { games: { type: 'string', default: '2400' }, seed: { type: 'string', default: '1' }, presets: { type: 'string', default: 'sevn,flip7' }, bots: { type: 'string', default: 'ev,race' } },
);
const games = int('games', 1);
const seed = int('seed', 0);
const list = (name) => values[name].split(',');
const cli = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));

for (const preset of list('presets')) {
  for (const bot of list('bots')) {
    const out = execFileSync(process.execPath, [cli, 'compare', '--game', 'sevn', '--preset', preset, '--mode', 'game', '-a', `${bot}:exact=last`, '-b', bot, '--field', bot, bot, bot, '--games', String(games), '--seed', String(seed), '--threads', '1', '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const r = JSON.parse(out);
    const w = r.winDiff;
    const f = (x) => (x >= 0 ? '+' : '') + x.toFixed(4);
    console.log(`${preset}, ${bot}:exact=last vs ${bot} (field ${bot} x3), ${r.games} paired games, seed ${seed}: won ${r.winShareA.toFixed(4)} vs ${r.winShareB.toFixed(4)}, difference ${f(w.mean)} (95% CI ${f(w.ci95[0])} to ${f(w.ci95[1])}); ${r.seconds.toFixed(0)} s`);
  }
}
