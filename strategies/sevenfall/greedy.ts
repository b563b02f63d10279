/**
 * `greedy`: one tile at a time, discard the unlocked tile whose replacement gives the best exact
 * expected score (counted from the tiles still in the canister), if that beats the current score by
 * more than `margin`. In practice it throws away Breaks and tiles outside its best groups.
 */
import { defineParams, num } from '../../src/engine/params.js';
import { STOP, type SevenfallStrategyDef, type SevenfallView } from '../../src/games/sevenfall/view.js';

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
    return {
      decide(v: SevenfallView): number {
        counts.fill(0);
        for (let i = 0; i < v.row.length; i++) counts[v.row[i]]++;
        let pool = 0;
        for (let t = 0; t < kinds; t++) {
          left[t] = full[t] - counts[t] - v.outOfPlay[t];
          pool += left[t];
        }
        const now = table.scoreCounts(counts);
        let bestPos = -1;
        let bestEv = now + margin;
        let triedTiles = 0; // bit per tile code already evaluated: equal tiles give equal outcomes
        for (let i = 0; i < v.row.length; i++) {
          const tile = v.row[i];
          if (v.locked[i] !== 0 || (triedTiles >>> tile) & 1) continue;
          triedTiles |= 1 << tile;
          counts[tile]--;
          let sum = 0;
          for (let t = 0; t < kinds; t++) {
            if (left[t] === 0) continue;
            counts[t]++;
            sum += left[t] * table.scoreCounts(counts);
            counts[t]--;
          }
          counts[tile]++;
          const ev = sum / pool;
          if (ev > bestEv) {
            bestEv = ev;
            bestPos = i;
          }
        }
        return bestPos < 0 ? STOP : 1 << bestPos;
      },
    };
  },
};
