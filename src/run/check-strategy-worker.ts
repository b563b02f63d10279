/**
 * `sevensim check-strategy` on a worker thread (cli/check-strategy.ts starts it): a plugin that never
 * returns from a question cannot be interrupted on the thread it runs on, so the main thread watches
 * the lines this worker posts and ends it when none comes in time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { catalogEntry } from '../catalog.js';
import { loadPlugins, pluginDef } from '../plugins.js';
import { type CheckLine, type Speed, askedEveryQuestion, checkPluginDefinition, withStrategy } from './check-strategy.js';
import type { StrategyDef } from '../engine/strategy.js';

/** What the worker posts: each check's line as it ends, then the end (or a fault outside the checks). */
export type CheckMessage = { line: CheckLine } | { done: { name: string } } | { error: string };

/**
 * Rounds a second of `spec` (a strategy name) in every seat of a 4-player round (at most the game's seats)
 * under the default rules; `asked`: with the engine asking it every question (askedEveryQuestion).
 */
function speedOf(game: string): (spec: string, asked?: boolean) => Speed {
  const g = catalogEntry(game).game;
  const rules = g.preset(g.defaultPreset);
  const seats = Math.min(4, g.maxPlayers);
  return (spec, asked = false) => {
    if (!asked) return { rate: rate(spec), declared: false };
    const def = g.strategies.find((d) => d.name === spec) as StrategyDef<unknown, never>;
    let declared = false;
    return { rate: withStrategy(g, askedEveryQuestion(def, () => (declared = true)), () => rate(spec)), declared };
  };
  function rate(spec: string): number {
    const runner = g.createRunner(rules, Array<string>(seats).fill(spec), 'round');
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 1000) {
      runner.reseedGame(1, n++);
      runner.playOne();
    }
    return (n * 1000) / (performance.now() - t0);
  }
}

const post = (m: CheckMessage): void => parentPort!.postMessage(m);
try {
  const file = (workerData as { file: string }).file;
  await loadPlugins([file]);
  const p = pluginDef(file)!;
  for (const game of p.games) checkPluginDefinition(catalogEntry(game), p.def, speedOf(game), (line) => post({ line }));
  post({ done: { name: p.def.name } });
} catch (e) {
  post({ error: e instanceof Error ? e.message : String(e) });
}
