/**
 * V8's inlining budget for the simulation loops the workers run.
 *
 * TurboFan stops inlining into a function once the bytecode it has inlined there reaches
 * --max-inlined-bytecode-size-cumulative (920 bytes by default). A SEVN turn (the draw-or-stay
 * question, the draw and the card's effect) is over that budget, so the card draw (`take`, with the
 * random stream inlined in it) stayed a call on every draw. Raising the budget changes no result,
 * only how much V8 inlines. Measured with valgrind (bench/README.md, "Inlining budget"): at 2500,
 * 4-player games -7% (with outcome recording -6%), solo rounds -12%, SEVENFALL turns -14%, race in
 * every seat -2%. More is not better: at 4000 race in every seat cost 19% more, and at 1840 outcome
 * recording 5% more (what gets inlined where moves non-monotonically); check both before changing it.
 *
 * The flag is read when V8 compiles, so setting it as a worker starts (before anything is hot)
 * covers everything the worker compiles; V8 flags are per process, so one call covers every thread.
 */
import { setFlagsFromString } from 'node:v8';

/** Bytecode bytes V8 may inline into one optimised function (V8's default: 920). */
export const INLINING_BUDGET = 2500;

let widened = false;

export function widenInlining(): void {
  if (widened) return;
  widened = true;
  setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${INLINING_BUDGET}`);
}
