/**
 * V8's inlining budget for the simulation loops the workers run.
 *
 * TurboFan stops inlining into a function once the bytecode it has inlined there reaches
 * --max-inlined-bytecode-size-cumulative (920 bytes by default). A SEVN turn (the draw-or-stay
 * question, the draw and the card's effect) is over that budget, so the card draw (`take`, with the
 * random stream inlined in it) stayed a call on every draw. Raising the budget changes no result,
 * only how much V8 inlines. Measured with valgrind (bench/README.md, "Inlining budget"): 4-player
 * games -7%, solo rounds and SEVENFALL turns -12%.
 *
 * The flag is read when V8 compiles, so setting it as a worker starts (before anything is hot)
 * covers everything the worker compiles; V8 flags are per process, so one call covers every thread.
 */
import { setFlagsFromString } from 'node:v8';

/** Bytecode bytes V8 may inline into one optimised function (V8's default: 920). */
export const INLINING_BUDGET = 1840;

let widened = false;

export function widenInlining(): void {
  if (widened) return;
  widened = true;
  setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${INLINING_BUDGET}`);
}
