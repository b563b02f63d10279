/** `stay-at-cards`: draw until `cards` distinct scoring values are held, then stay. */
import { Answer, type SevnStrategyDef } from '../../src/games/sevn/view.js';
import { popcount } from '../../src/games/sevn/exact.js';
import { CHOICE_PARAMS, cardChoices } from './choices.js';

export const stayAtCards: SevnStrategyDef = {
  name: 'stay-at-cards',
  doc: 'Draws until it holds cards distinct scoring values, then stays.',
  params: [{ name: 'cards', type: 'int', min: 1, max: 31, default: 5, doc: 'stay once this many distinct values are held' }, ...CHOICE_PARAMS],
  create: (params, ctx) => {
    const cards = params.cards as number;
    return { ...cardChoices(params, ctx), drawOrStay: (v) => (v.distinct >= cards ? Answer.STAY : Answer.DRAW) };
  },
  soloDrawRule: (params) => (held) => popcount(held) < (params.cards as number),
};
