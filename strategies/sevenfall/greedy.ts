/**
 * `greedy`: one tile at a time, discard the unlocked tile whose replacement gives the best exact
 * expected score (counted from the tiles still in the canister), if that beats the current score by
 * more than `margin`. In practice it throws away Breaks and tiles outside its best groups.
 */
import { defineParams, num } from '../../src/engine/params.js';
import { STOP, type SevenfallStrategyDef, type SevenfallView } from '../../src/games/sevenfall/view.js';

/**
 * The position of the tile to discard (as a bit), or STOP. A row's score is read by its table index,
 * which each tile moves by a step: a row one tile away is scored in one step, not a pass over every
 * symbol (the same index, so the same score). Everything comes in as arguments, none from a closure:
 * tune keeps one greedy per candidate, and V8 compiles a closure's variables as constants only while
 * there is one of it (with five, a tune of SEVENFALL turns ran at 0.74 of simulate's speed).
 */
function bestDiscard(v: SevenfallView, margin: number, full: Int32Array, counts: Uint8Array, left: Int32Array, scores: Int16Array, step: Int32Array, stride: number): number {
  const row = v.row;
  const locked = v.locked;
  const out = v.outOfPlay;
  const kinds = full.length;
  counts.fill(0);
  let at = 0; // the row's table index, a step per tile (as the engine scores a row)
  for (let i = 0; i < row.length; i++) {
    const t = row[i];
    at += step[t * stride + counts[t]++];
  }
  let pool = 0;
  for (let t = 0; t < kinds; t++) {
    left[t] = full[t] - counts[t] - out[t];
    pool += left[t];
  }
  let bestPos = -1;
  let bestEv = scores[at] + margin;
  let triedTiles = 0; // bit per tile code already evaluated: equal tiles give equal outcomes
  for (let i = 0; i < row.length; i++) {
    const tile = row[i];
    if (locked[i] !== 0 || (triedTiles >>> tile) & 1) continue;
    triedTiles |= 1 << tile;
    const without = at - step[tile * stride + counts[tile] - 1];
    counts[tile]--;
    let sum = 0;
    for (let t = 0; t < kinds; t++) {
      if (left[t] === 0) continue;
      sum += left[t] * scores[without + step[t * stride + counts[t]]];
    }
    counts[tile]++;
    const ev = sum / pool;
    if (ev > bestEv) {
      bestEv = ev;
      bestPos = i;
    }
  }
  return bestPos < 0 ? STOP : 1 << bestPos;
}

const PARAMS = defineParams({ margin: num(0, 100, 0, 'minimum expected gain (points) to discard') });

export const greedy: SevenfallStrategyDef<typeof PARAMS> = {
  name: 'greedy',
  doc: 'Discards one tile at a time: the one whose random replacement most raises the expected score, while that gain exceeds margin.',
  params: PARAMS,
  create: (params, { rules, table }) => {
    const margin = params.margin;
    const kinds = rules.symbols + 2;
    const full = new Int32Array(kinds).fill(rules.copiesPerSymbol);
    full[rules.symbols] = rules.wilds;
    full[rules.symbols + 1] = rules.breaks;
    const counts = new Uint8Array(kinds);
    const left = new Int32Array(kinds);
    const scores = table.table;
    const step = table.step;
    const stride = rules.rowSize + 1;
    return {
      decide(v: SevenfallView): number {
        return bestDiscard(v, margin, full, counts, left, scores, step, stride);
      },
    };
  },
};
