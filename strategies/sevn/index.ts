/** Every SEVN strategy, in the order `sevensim strategies` lists them. */
import type { SevnStrategyDef } from '../../src/games/sevn/view.js';
import { bustCap } from './bust-cap.js';
import { ev } from './ev.js';
import { optimalSolo } from './optimal-solo.js';
import { race } from './race.js';
import { random } from './random.js';
import { search } from './search.js';
import { stayAtCards } from './stay-at-cards.js';
import { stayAt } from './stay-at.js';

export const SEVN_STRATEGIES: SevnStrategyDef[] = [stayAt, stayAtCards, bustCap, random, optimalSolo, ev, race, search];
