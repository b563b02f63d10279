/** Loading the rules in effect from --preset or --rules. */
import { readFileSync } from 'node:fs';
import type { GameModule } from '../engine/game.js';
import { UserError } from '../engine/errors.js';

export { gameModule } from '../games/registry.js';

export function loadRules(game: GameModule, preset: string | undefined, file: string | undefined): unknown {
  if (preset !== undefined && file !== undefined) throw new UserError('give either --preset or --rules, not both');
  if (file === undefined) return game.preset(preset ?? game.defaultPreset);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UserError(`--rules ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return game.parseRules(text, file);
}
