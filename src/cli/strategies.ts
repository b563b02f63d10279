/** `sevensim strategies`: a game's strategies with their parameters and defaults. */
import { gameModule, gameNames } from '../catalog.js';
import { describeParam } from '../engine/params.js';
import { command } from './options.js';

export const strategiesCommand = command(
  'strategies',
  'List the strategies of a game with their parameters and defaults',
  (y) => y.option('game', { type: 'string', choices: gameNames(), demandOption: true, describe: 'which game' }),
  (a) => {
    for (const s of gameModule(a.game).strategies) {
      console.log(`${s.name}: ${s.doc}`);
      for (const p of s.params) console.log(`    ${describeParam(p)}`);
    }
    console.log('\nSpecify a strategy as name or name:key=value,key=value (e.g. greedy:margin=0.5).');
  },
);
