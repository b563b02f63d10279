/** The registered games by name. */
import type { GameModule } from '../engine/game.js';
import { UserError } from '../engine/errors.js';
import { sevenfallModule } from './sevenfall/index.js';
import { sevnModule } from './sevn/index.js';

export const GAMES: Record<string, GameModule> = {
  sevn: sevnModule as GameModule,
  sevenfall: sevenfallModule as GameModule,
};

export function gameModule(name: string): GameModule {
  const m = GAMES[name];
  if (!m) throw new UserError(`unknown game "${name}" (games: ${Object.keys(GAMES).join(', ')})`);
  return m;
}
