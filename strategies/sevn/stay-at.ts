/** `stay-at`: draw until the round score reaches `points`, then stay. */
import { Answer, type SevnStrategyDef } from '../../src/games/sevn/view.js';
import { maskSum } from '../../src/games/sevn/exact.js';
import { CHOICE_PARAMS, cardChoices } from './choices.js';

export const stayAt: SevnStrategyDef = {
  name: 'stay-at',
  doc: 'Draws until its round score reaches points, then stays.',
  params: [{ name: 'points', type: 'int', min: 0, max: 1000, default: 25, doc: 'stay once the round score is at least this' }, ...CHOICE_PARAMS],
  create: (params, ctx) => {
    const points = params.points as number;
    // Answer.* (a const enum) compiles to literals: the imported STAY/DRAW constants cost a module-cell
    // load and a hole check on every draw-or-stay decision.
    return { ...cardChoices(params, ctx), drawOrStay: (v) => (v.points >= points ? Answer.STAY : Answer.DRAW) };
  },
  // Solo on a number-only deck the round score is the sum of the held values.
  soloDrawRule: (params) => (held) => maskSum(held) < (params.points as number),
};
