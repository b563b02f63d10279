/**
 * `optimal-solo`: plays the exact optimal solo stopping policy (src/games/sevn/solver.ts), solved once
 * per worker for the number cards of the rules in play and cached by the rules' JSON.
 *
 * It looks only at its own row's held number values (`view.held`), as if it played alone from a full
 * deck: on a number-only deck in a solo round that is exactly optimal; in multi-player rounds it ignores
 * the other rows and the cards already seen. On a deck with other cards it plays the policy solved for
 * the deck's number cards alone (Ballast, modifiers, action and bonus cards removed). With a Second
 * Chance held it draws (the next card cannot bust it). Every card choice (Freeze, Triple Draw, Second
 * Chance, Crossroads, Ballast) uses the shared defaults of `choices.ts`.
 */
import { cachedSevnSolution, numberProjection } from '../../src/games/sevn/solver.js';
import { otherCards } from '../../src/games/sevn/exact.js';
import type { SevnRules } from '../../src/games/sevn/rules.js';
import { Answer, type SevnStrategyDef } from '../../src/games/sevn/view.js';
import { CHOICE_PARAMS, cardChoices } from './choices.js';

export const optimalSolo: SevnStrategyDef<typeof CHOICE_PARAMS> = {
  name: 'optimal-solo',
  doc: 'Plays the exact optimal solo stopping policy for its held values (solved for the deck\'s number cards); draws with a Second Chance.',
  params: CHOICE_PARAMS,
  create: (params, ctx) => {
    const shouldDraw = solvedPolicy(ctx.rules);
    return {
      ...cardChoices(params, ctx),
      drawOrStay(v) {
        if (v.hasSecondChance) return Answer.DRAW;
        return shouldDraw(v.held) ? Answer.DRAW : Answer.STAY;
      },
    };
  },
  soloDrawRule: (_params, rules) => solvedPolicy(rules),
};

/** Whether to draw on a held set, solved for the deck's number cards. */
const solvedPolicy = (rules: SevnRules): ((held: number) => boolean) => cachedSevnSolution(otherCards(rules) > 0 ? numberProjection(rules) : rules).shouldDraw;
