/** `sevensim play`: one seeded game as a readable trace, or as data (--json). */
import { catalogEntry } from '../catalog.js';
import { PartialOutputError, UserError } from '../engine/errors.js';
import { checkPlayers } from '../run/simulate.js';
import { command, gameOptions, jsonOption, loadRules, seedOption } from './options.js';

export const playCommand = command(
  'play',
  'Play one seeded game and print a readable trace',
  (y) =>
    gameOptions(y)
      .option('players', { type: 'string', array: true, demandOption: true, describe: 'one strategy spec per seat, e.g. --players greedy stand' })
      .option('seed', seedOption('random seed (same seed, same game)'))
      .option('json', jsonOption('print the game as data (JSON): SEVENFALL every turn and decision, SEVN every event; `advise --review` reads it')),
  async (a) => {
    const entry = catalogEntry(a.game);
    const game = entry.game;
    const rules = loadRules(game, a.preset, a.rules);
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
  },
);
