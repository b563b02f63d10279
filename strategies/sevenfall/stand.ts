/** `stand`: never discards. Its turn score is the row as drawn (the exact baseline distribution). */
import { STOP, type SevenfallStrategyDef } from '../../src/games/sevenfall/view.js';

export const stand: SevenfallStrategyDef = {
  name: 'stand',
  doc: 'Never discards: scores the Fate Row as drawn.',
  params: [],
  create: () => ({ decide: () => STOP }),
};
