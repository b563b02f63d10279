/** `sevensim rules`: the rules in effect, as text or as a JSON template for --rules. */
import { gameModule } from '../catalog.js';
import { command, gameOptions, jsonOption, loadRules } from './options.js';

export const rulesCommand = command(
  (y) => gameOptions(y).option('json', jsonOption('print the rules file as JSON (a template for --rules)')),
  (a) => {
    const game = gameModule(a.game);
    const rules = loadRules(game, a.preset, a.rules);
    console.log(a.json || !game.describeRules ? JSON.stringify(rules, null, 2) : game.describeRules(rules));
  },
);
