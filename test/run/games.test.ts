/**
 * The shared game tests: every game in the catalog runs through them (the OpenSpiel habit: one
 * shared check for all games). A registered test-only game runs them too (tiny-game.test.ts).
 */
import { catalogEntries } from '../../src/catalog.js';
import { gameContract } from '../helpers/game-contract.js';

for (const entry of catalogEntries()) gameContract(entry);
