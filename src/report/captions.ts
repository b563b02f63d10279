/** What every report chart's caption starts with: the game's display name (from the catalog), its rules, mode and seed. */
import { gameModule, gameNames } from '../catalog.js';
import type { GameModule } from '../engine/game.js';
import type { Row, RunInfo } from './inputs.js';

/** A game's module, or null for a game this sevensim does not know. */
export const known = (g: string): GameModule | null => (gameNames().includes(g) ? gameModule(g) : null);
export const gameName = (g: string): string => known(g)?.title ?? g;

/** The caption's start for a run other than simulate's (tournament, tune, compare). */
export function otherCaption(o: RunInfo & { run: Row }, what: string): string {
  return `${gameName(o.game)}, ${o.rules}${o.run.mode ? `, ${String(o.run.mode)} mode` : ''}; ${what}; seed ${o.seed}.`;
}
