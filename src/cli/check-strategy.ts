/** `sevensim check-strategy FILE`: the contract checks the built-in strategies pass, on a plugin. */
import { catalogEntry } from '../catalog.js';
import { loadPlugins, pluginDef } from '../plugins.js';
import { checkPluginDefinition } from '../run/check-strategy.js';
import { command } from './options.js';
import { counted } from '../io/words.js';

/** Rounds a second of `spec` in every seat of a 4-player round (at most the game's seats) under the default rules. */
function speedOf(game: string): (spec: string) => number {
  const g = catalogEntry(game).game;
  const rules = g.preset(g.defaultPreset);
  const seats = Math.min(4, g.maxPlayers);
  return (spec) => {
    const runner = g.createRunner(rules, Array<string>(seats).fill(spec), 'round');
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 1000) {
      runner.reseedGame(1, n++);
      runner.playOne();
    }
    return (n * 1000) / (performance.now() - t0);
  };
}

export const checkStrategyCommand = command(
  (y) => y.positional('file', { type: 'string', demandOption: true, describe: 'the plugin (an ES module whose default export is a strategy definition with a game field)' }),
  async (a) => {
    await loadPlugins([a.file]);
    const p = pluginDef(a.file)!;
    let failed = 0;
    for (const game of p.games) {
      for (const line of checkPluginDefinition(catalogEntry(game), p.def, speedOf(game))) {
        console.log(`${line.ok ? 'ok  ' : 'FAIL'}  ${line.text}`);
        if (!line.ok) failed++;
      }
    }
    console.log(failed === 0 ? `${p.def.name}: every check passed` : `${p.def.name}: ${counted(failed, 'check')} failed`);
    if (failed > 0) process.exitCode = 1;
  },
);
