/** `stay-at`: draw until the round score reaches `points`, then stay. */
import { Answer, type SevnStrategy, type SevnStrategyDef, type SevnView } from '../../src/games/sevn/view.js';
import type { StaysAtPoints } from '../../src/games/sevn/card-rules.js';
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
    // load and a hole check on every draw-or-stay decision. stayAtPoints on the function: the engine
    // answers for it without the call (src/games/sevn/card-rules.ts, StaysAtPoints); a player that replaces drawOrStay
    // (a strategy built on this one) drops it with the function.
    const drawOrStay: SevnStrategy['drawOrStay'] & StaysAtPoints = Object.assign((v: SevnView) => (v.points >= points ? Answer.STAY : Answer.DRAW), { stayAtPoints: points });
    // Its default card choices declare their rules in cardChoices (card-rules.ts, ChoiceRule).
    return { ...cardChoices(params, ctx), drawOrStay };
  },
  // Solo on a number-only deck the round score is the sum of the held values.
  soloDrawRule: (params) => (held) => maskSum(held) < params.points,
};
