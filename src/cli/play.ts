/** `sevensim play`: one seeded game as a readable trace, or as data (--json), or with one seat played by a person (--human). */
import { catalogEntry } from '../catalog.js';
import { PartialOutputError, UserError } from '../engine/errors.js';
import { checkInteger, refuseUnused } from '../engine/checks.js';
import { checkPlayers } from '../run/simulate.js';
import { DEFAULT_TABLE_OPTIONS } from '../games/table-game.js';
import { command, gameOptions, jsonOption, loadRules, seedOption } from './options.js';
import { progressBar } from './progress.js';
import { playHuman } from './ui/play-human.js';
import { checkWritable } from './ui/save.js';


export const playCommand = command(
  (y) =>
    gameOptions(y)
      .option('players', { type: 'string', array: true, demandOption: true, describe: 'one strategy spec per seat, e.g. --players greedy stand; with --human: the bots, the person joining at seat --human' })
      .option('seed', seedOption('random seed (same seed, same game; with --human: same seed and same answers, same game)'))
      .option('json', jsonOption('print the game as data (JSON): SEVENFALL every turn and decision, SEVN every event; `advise --review` reads it'))
      .option('human', { type: 'number', describe: 'play seat SEAT yourself (0 = first), the bots of --players in the other seats; one answer a line, `?` lists the keys' })
      .option('hints', { type: 'boolean', default: false, describe: 'with --human: the advice panel at each of your decisions (type h for it without --hints)' })
      .option('save', { type: 'string', describe: 'with --human: write the game (as play --json, with your answers) to FILE at its end, at q and at end of input; an existing FILE is refused unless --force (q alone saves to sevensim-GAME-seedN.json, or -1, -2, ... if that exists)' })
      .option('force', { type: 'boolean', default: false, describe: 'with --save: replace an existing FILE' })
      .option('hint-rollouts', { type: 'number', default: DEFAULT_TABLE_OPTIONS.hintRollouts, describe: 'with --human, SEVN: paired rollouts behind a draw-or-stay hint (SEVENFALL hints are exact)' })
      .option('review-rollouts', { type: 'number', default: DEFAULT_TABLE_OPTIONS.reviewRollouts, describe: 'with --human, SEVN: paired rollouts a decision in the review at the end of the game' }),
  async (a) => {
    const entry = catalogEntry(a.game);
    const game = entry.game;
    const rules = loadRules(game, a.preset, a.rules);
    if (a.human === undefined) {
      for (const f of ['hints', 'save', 'force'] as const) if (a[f]) throw new UserError(`--${f} goes with --human SEAT (play a seat yourself)${f === 'force' ? ' and --save FILE (replace an existing FILE)' : ''}`);
      refuseUnused(['--hint-rollouts', '--review-rollouts'], 'for --human SEAT only (play a seat yourself); give --human, or remove it');
      checkPlayers(game, rules, a.players, 'game');
      try {
        if (a.json) {
          if (!entry.record) throw new UserError(`play --json: ${game.name} has no game record; play it without --json for the trace`);
          console.log(JSON.stringify(await entry.record(rules, a.players, a.seed), null, 2));
        } else console.log(game.trace(rules, a.players, a.seed));
      } catch (e) {
        if (e instanceof PartialOutputError) console.log(e.output); // what was played, then the error
        throw e;
      }
      return;
    }
    if (a.json) throw new UserError('--json and --human: play the game with --human --save FILE, which writes it as play --json does');
    if (!entry.humanGame) throw new UserError(`--human: ${game.name} cannot be played by a person yet`);
    if (a.players.length === 0) throw new UserError('--human: give the bots you play against in --players (at least one; a game alone is always won)');
    if (a.players.length + 1 > game.maxPlayers) throw new UserError(`--players: with --human, at most ${game.maxPlayers - 1} bots (${game.name} seats ${game.maxPlayers} players and you take one seat); got ${a.players.length}`);
    if (game.name !== 'sevn') refuseUnused(['--hint-rollouts'], `${game.name} hints are exact, with no rollouts; remove it`);
    const seat = checkInteger('--human', a.human, 0, a.players.length);
    if (a.force && !a.save) throw new UserError('--force goes with --save FILE (replace an existing FILE)');
    if (a.save) checkWritable(a.save, '--save', a.force);
    const hintRollouts = checkInteger('--hint-rollouts', a['hint-rollouts'] as number, 2, 10_000_000);
    const reviewRollouts = checkInteger('--review-rollouts', a['review-rollouts'] as number, 2, 10_000_000);
    for (const p of a.players) game.checkStrategy(p);
    const specs = [...a.players.slice(0, seat), 'human', ...a.players.slice(seat)];
    checkPlayers(game, rules, specs.map((s) => (s === 'human' ? a.players[0] : s)), 'game');
    const table = await entry.humanGame(rules, specs, seat, a.seed, { hintRollouts, reviewRollouts });
    const progress = progressBar(false, 'decisions reviewed');
    try {
      await playHuman(table, { input: process.stdin, output: process.stdout, tty: Boolean(process.stdin.isTTY && process.stdout.isTTY) }, {
        hints: a.hints,
        save: a.save ?? null,
        replace: a.force,
        defaultSave: `sevensim-${game.name}-seed${a.seed}.json`,
        onReviewProgress: (d, t) => progress.update(d, t),
      });
    } finally {
      progress.stop();
    }
  },
);
