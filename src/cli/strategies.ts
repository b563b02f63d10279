/** `sevensim strategies`: a game's strategies with their parameters and defaults. */
import { gameModule, gameNames } from '../catalog.js';
import { describeParam } from '../engine/params.js';
import { command } from './options.js';
import { pluginOf } from '../plugins.js';

export const strategiesCommand = command(
  (y) => y.option('game', { type: 'string', choices: gameNames(), demandOption: true, describe: 'which game' }),
  (a) => {
    const game = gameModule(a.game);
    for (const s of game.strategies) {
      const from = pluginOf(game.name, s.name);
      console.log(`${s.name}: ${s.doc}${from ? ` (plugin ${from})` : ''}`);
      for (const p of s.params) console.log(`    ${describeParam(p)}`);
    }
    // The example is one of this game's own strategies with a parameter.
    const withParam = game.strategies.find((s) => s.params.length > 0);
    const example = withParam ? ` (e.g. ${withParam.name}:${withParam.params[0].name}=${withParam.params[0].default})` : '';
    console.log(`\nSpecify a strategy as name or name:key=value,key=value${example}.`);
  },
);
