/**
 * `sevensim study` (what `npm start` runs): a default study of both games, each part a simulate run
 * written to its own directory under results/, then the charts of every part in results/report.html.
 */
import { join } from 'node:path';
import type { Mode } from '../engine/game.js';
import { GAMES } from '../games/registry.js';
import { simulate } from '../run/simulate.js';
import { printSummary } from './simulate.js';
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
  let progress = progressBar(true);
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
          decisions: 'outcomes',
          argv: process.argv.slice(2),
          signal,
          onProgress: (d, t) => progress.update(d, t),
        });
        progress.stop();
        printSummary(r, o.json, out);
      }
      const { writeReport } = await import('../run/report.js'); // vega loads in about a second: only when needed
      const report = await writeReport({ dirs: STUDY.filter((p) => GAMES[p.game]).map((p) => join(o.out, p.name)), out: o.out });
      if (!o.json) console.log(`\nThe charts of every part: ${report.html} (open it in a browser; \`sevensim report DIR... --png\` also writes PNG files)`);
    },
    () => progress.stop(),
  );
}
