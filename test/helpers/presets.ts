/** The game, rules and preset fields of a run on a built-in preset: what the tests' run options start with. */
import { sevenfallModule, sevnModule } from '../../src/catalog.js';
import { sevenfallPreset } from '../../src/games/sevenfall/rules.js';
import { sevnPreset } from '../../src/games/sevn/rules.js';

// `never`: the run options take a GameModule of unknown rules; each module is typed with its own.
export const onSevn = (preset = 'sevn') => ({ game: sevnModule as never, rules: sevnPreset(preset), preset });
export const onSevenfall = (preset = 'sevenfall') => ({ game: sevenfallModule as never, rules: sevenfallPreset(preset), preset });
