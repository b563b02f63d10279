/**
 * `sevensim study` (what `npm start` runs): the default study, every part a simulate run written to
 * its own directory under results/ (the parts come from the catalog: each game lists its own), then
 * the charts of every part in results/report.html.
 */
import { join } from 'node:path';
import { catalogEntries } from '../catalog.js';
import { UserError } from '../engine/errors.js';
import { OutputDir } from '../io/output.js';
import { simulate } from '../run/simulate.js';
import { command, gamesOption, jsonOption, quietOption, seedOption, threadsOption } from './options.js';
import { printSummary, summaryJson } from './simulate.js';
import { checkGames, checkThreads } from '../engine/checks.js';
import { interruptible, progressBar } from './progress.js';

export async function runStudy(o: { games: number; seed: number; out: string; threads: number; quiet: boolean; json: boolean }): Promise<void> {
  checkGames(o.games);
  checkThreads(o.threads);
  // The report goes into --out itself at the end: a directory that holds another result (or another
  // run's lock) is refused now, not after every part has played.
  const top = new OutputDir(o.out);
  try {
    top.prepare();
  } catch (e) {
    throw e instanceof UserError ? new UserError(e.message.replace(/, or give --force to (replace them|discard it)$/, ' (study has no --force)')) : e;
  }
  top.abort();
  let progress = progressBar(true);
  const parts: object[] = []; // with --json: one document at the end
  await interruptible(
    'the part in progress wrote nothing',
    async (signal) => {
      for (const { game, study } of catalogEntries()) {
        for (const part of study) {
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
            force: true, // each part owns its subdirectory: a new study replaces the last one's
            argv: process.argv.slice(2),
            signal,
            onProgress: (d, t) => progress.update(d, t),
          });
          progress.stop();
          if (o.json) parts.push({ part: part.name, question: part.question, ...summaryJson(r, out) });
          else printSummary(r, false, out);
        }
      }
      const { writeReport } = await import('../run/report.js'); // vega loads in about a second: only when needed
      const report = await writeReport({ dirs: catalogEntries().flatMap((e) => e.study.map((p) => join(o.out, p.name))), out: o.out, force: true });
      if (o.json) console.log(JSON.stringify({ seed: o.seed, parts, report: report.html }, null, 2));
      else console.log(`\nThe charts of every part: ${report.html} (open it in a browser; \`sevensim report DIR... --png\` also writes PNG files)`);
    },
    () => progress.stop(),
  );
}

export const studyCommand = command(
  (y) =>
    y
      .option('games', gamesOption(400000, 'rounds per round-mode part (game-mode parts play a quarter as many games)'))
      .option('seed', seedOption())
      .option('out', { type: 'string', default: 'results', describe: 'directory that receives one subdirectory per part' })
      .option('threads', threadsOption())
      .option('json', jsonOption('print each summary as JSON'))
      .option('quiet', { ...quietOption, describe: 'no progress bars' }),
  (a) => runStudy(a),
);
