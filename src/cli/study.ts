/**
 * `sevensim study` (what `npm start` runs): a default study of both games, each part a simulate run
 * written to its own directory under results/, then the charts of every part in results/report.html.
 */
import { join } from 'node:path';
import type { Mode } from '../engine/game.js';
import { GAMES } from '../games/registry.js';
import { simulate } from '../run/simulate.js';
import { printSummary, summaryJson } from './simulate.js';
import { checkCount } from '../engine/errors.js';
import { interruptible, progressBar } from './progress.js';

interface StudyPart {
  name: string;
  question: string;
  game: 'sevn' | 'sevenfall';
  mode: Mode;
  players: string[];
  /** Share of --games this part plays. */
  scale: number;
}

export const STUDY: StudyPart[] = [
  { name: 'sevenfall-turn', question: 'SEVENFALL: how much is a discard policy worth on one turn?', game: 'sevenfall', mode: 'round', players: ['stand', 'greedy', 'greedy:margin=1', 'random'], scale: 1 },
  { name: 'sevenfall-game', question: 'SEVENFALL: who wins a 4-player game?', game: 'sevenfall', mode: 'game', players: ['greedy', 'greedy:margin=1', 'stand', 'random'], scale: 0.25 },
  { name: 'sevn-round', question: 'SEVN: which stopping rule scores most in one 4-player round?', game: 'sevn', mode: 'round', players: ['stay-at:points=15', 'stay-at:points=25', 'stay-at-cards:cards=4', 'bust-cap:p=0.3'], scale: 1 },
  { name: 'sevn-game', question: 'SEVN: who wins a 4-player game to 250?', game: 'sevn', mode: 'game', players: ['stay-at:points=15', 'stay-at:points=25', 'stay-at-cards:cards=4', 'bust-cap:p=0.3'], scale: 0.25 },
];

export async function runStudy(o: { games: number; seed: number; out: string; threads: number; quiet: boolean; json: boolean }): Promise<void> {
  checkCount('--games', o.games);
  checkCount('--threads', o.threads, 1, 256);
  let progress = progressBar(true);
  const parts: object[] = []; // with --json: one document at the end
  await interruptible(
    'the part in progress wrote nothing',
    async (signal) => {
      for (const part of STUDY.filter((p) => GAMES[p.game])) {
        const game = GAMES[part.game];
        const games = Math.max(1, Math.round(o.games * part.scale));
        if (!o.json) console.log(`\n== ${part.question}`);
        progress = progressBar(o.quiet);
        const out = join(o.out, part.name);
        const r = await simulate({
          game,
          rules: game.preset(game.defaultPreset),
          preset: game.defaultPreset,
          mode: part.mode,
          players: part.players,
          games,
          seed: o.seed,
          threads: o.threads,
          out,
          force: true, // each part owns its subdirectory: a new study replaces the last one's
          argv: process.argv.slice(2),
          signal,
          onProgress: (d, t) => progress.update(d, t),
        });
        progress.stop();
        if (o.json) parts.push({ part: part.name, question: part.question, ...summaryJson(r, out) });
        else printSummary(r, false, out);
      }
      const { writeReport } = await import('../run/report.js'); // vega loads in about a second: only when needed
      const report = await writeReport({ dirs: STUDY.filter((p) => GAMES[p.game]).map((p) => join(o.out, p.name)), out: o.out });
      if (o.json) console.log(JSON.stringify({ seed: o.seed, parts, report: report.html }, null, 2));
      else console.log(`\nThe charts of every part: ${report.html} (open it in a browser; \`sevensim report DIR... --png\` also writes PNG files)`);
    },
    () => progress.stop(),
  );
}
