/**
 * V8's inlining budget, raised for every process that plays games (raiseInliningBudget, called as a
 * game engine is made). Results do not depend on it: it changes which calls V8's optimising
 * compiler inlines, never what the code computes.
 *
 * Why: by default a compile inlines at most 920 bytes of bytecode in all (V8's
 * --max-inlined-bytecode-size-cumulative). A SEVN round's hot path (turns: askDraw, drawFor, take and
 * the random stream, number) is about 1,200, so each compile of `turns` kept part of it as calls, and
 * which part depended on which functions V8 had compiled first: it varied from process to process
 * and between plain and outcome runs (bench/README.md, the eleventh and twelfth passes). With room
 * for all of it, the hot path is inlined whole, whichever function compiles first (valgrind, 4-player
 * games: 99,455 -> 88,854 instructions a game). V8 reads the flag at each compile; flags are per
 * process (worker threads share them).
 */
import { setFlagsFromString } from 'node:v8';

let raised = false;

/**
 * Raises the budget (once a process): called as a game engine is made, so that the modules a process
 * loads first (a worker's start-up) compile with V8's default and the game's code with this.
 */
export function raiseInliningBudget(): void {
  if (raised) return;
  raised = true;
  // 4,000: of 2,000, 4,000 and 4,000 with 1,000 a function (V8's default 460), the fewest instructions.
  setFlagsFromString('--max-inlined-bytecode-size-cumulative=4000');
}
