/** `stay-at`: draw until the round score reaches `points`, then stay. */
import { Answer, type SevnStrategyDef } from '../../src/games/sevn/view.js';
import { maskSum } from '../../src/games/sevn/exact.js';
import { defineParams, int } from '../../src/engine/params.js';
import { CHOICES, cardChoices } from './choices.js';

const PARAMS = defineParams({ points: int(0, 1000, 25, 'stay once the round score is at least this'), ...CHOICES });

export const stayAt: SevnStrategyDef<typeof PARAMS> = {
  name: 'stay-at',
  doc: 'Draws until its round score reaches points, then stays.',
  params: PARAMS,
  create: (params, ctx) => {
    const points = params.points;
    // Answer.* (a const enum) compiles to literals: the imported STAY/DRAW constants cost a module-cell
    // load and a hole check on every draw-or-stay decision.
    return { ...cardChoices(params, ctx), drawOrStay: (v) => (v.points >= points ? Answer.STAY : Answer.DRAW) };
  },
  // Solo on a number-only deck the round score is the sum of the held values.
  soloDrawRule: (params) => (held) => maskSum(held) < params.points,
};
