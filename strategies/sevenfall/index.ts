/** Every SEVENFALL strategy, in the order `sevensim strategies` lists them. */
import type { SevenfallStrategyDef } from '../../src/games/sevenfall/view.js';
import { endgame } from './endgame.js';
import { greedy } from './greedy.js';
import { optimal } from './optimal.js';
import { random } from './random.js';
import { solved } from './solved.js';
import { stand } from './stand.js';

export const SEVENFALL_STRATEGIES: SevenfallStrategyDef[] = [stand, greedy, random, optimal, endgame, solved];
