/** `stay-at-cards`: draw until `cards` distinct scoring values are held, then stay. */
import { Answer, type SevnStrategyDef } from '../../src/games/sevn/view.js';
import { popcount } from '../../src/games/sevn/exact.js';
import { defineParams, int } from '../../src/engine/params.js';
import { CHOICES, cardChoices } from './choices.js';

const PARAMS = defineParams({ cards: int(1, 31, 5, 'stay once this many distinct values are held'), ...CHOICES });

export const stayAtCards: SevnStrategyDef<typeof PARAMS> = {
  name: 'stay-at-cards',
  doc: 'Draws until it holds cards distinct scoring values, then stays.',
  params: PARAMS,
  create: (params, ctx) => {
    const cards = params.cards;
    return { ...cardChoices(params, ctx), drawOrStay: (v) => (v.distinct >= cards ? Answer.STAY : Answer.DRAW) };
  },
  soloDrawRule: (params) => (held) => popcount(held) < params.cards,
};
