/** `sevensim play`: one seeded game as a readable trace. */
import { gameModule } from '../catalog.js';
import { checkPlayers } from '../run/simulate.js';
import { command, gameOptions, loadRules, seedOption } from './options.js';

export const playCommand = command(
  'play',
  'Play one seeded game and print a readable trace',
  (y) =>
    gameOptions(y)
      .option('players', { type: 'string', array: true, demandOption: true, describe: 'one strategy spec per seat, e.g. --players greedy stand' })
      .option('seed', seedOption('random seed (same seed, same game)')),
  (a) => {
    const game = gameModule(a.game);
    const rules = loadRules(game, a.preset, a.rules);
    checkPlayers(game, rules, a.players, 'game');
    console.log(game.trace(rules, a.players, a.seed));
  },
);
