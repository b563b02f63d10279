/**
 * Decision recording: the decisions of the unit being played wait until its outcome is known, then
 * add it to their (state bucket, action, seat) sums.
 */
import { WIN_UNITS, actionSeatKey } from './game.js';
import type { DecisionSink } from './strategy.js';

/** Win shares are counted in WIN_UNITS (engine/game.ts, the one seat-limit constant). */
export { WIN_UNITS };

/**
 * Decisions of the unit being played wait here until its outcome is known; then each adds the
 * outcome to its bucket. Buffers grow by doubling and are reused, so steady state allocates nothing.
 */
export class DecisionCounter implements DecisionSink {
  private seat = new Int32Array(64);
  private state = new Float64Array(64);
  private action = new Float64Array(64);
  private n = 0;
  /** state -> actionSeatKey(action, seat) -> bucket index; a bucket's sums live at sums[5 * index ..]. */
  readonly buckets = new Map<number, Map<number, number>>();
  /** Per bucket: count, sumScore, sumScoreSq, sumWin, sumWinSq (one flat array, not one per bucket). */
  sums = new Float64Array(5 * 1024);
  size = 0;

  record(seat: number, state: number, action: number): void {
    if (this.n === this.seat.length) this.grow();
    this.seat[this.n] = seat;
    this.state[this.n] = state;
    this.action[this.n] = action;
    this.n++;
  }

  private grow(): void {
    const size = this.seat.length * 2;
    const s = new Int32Array(size);
    s.set(this.seat);
    const st = new Float64Array(size);
    st.set(this.state);
    const a = new Float64Array(size);
    a.set(this.action);
    this.seat = s;
    this.state = st;
    this.action = a;
  }

  /** The unit is over: credit each waiting decision with its seat's outcome. */
  settle(scores: Int32Array, winShare: Float64Array): void {
    for (let i = 0; i < this.n; i++) {
      const seat = this.seat[i];
      const score = scores[seat];
      const win = Math.round(winShare[seat] * WIN_UNITS);
      this.add(this.state[i], actionSeatKey(this.action[i], seat), 1, score, score * score, win, win * win);
    }
    this.n = 0;
  }

  add(state: number, actionSeat: number, count: number, s: number, s2: number, w: number, w2: number): void {
    let byAction = this.buckets.get(state);
    if (byAction === undefined) {
      byAction = new Map();
      this.buckets.set(state, byAction);
    }
    let at = byAction.get(actionSeat);
    if (at === undefined) {
      at = this.size++;
      byAction.set(actionSeat, at);
      if (5 * this.size > this.sums.length) {
        const bigger = new Float64Array(this.sums.length * 2);
        bigger.set(this.sums);
        this.sums = bigger;
      }
    }
    const t = this.sums;
    const o = 5 * at;
    t[o] += count;
    t[o + 1] += s;
    t[o + 2] += s2;
    t[o + 3] += w;
    t[o + 4] += w2;
  }

  /** Every bucket as [state, actionSeat, count, sumScore, sumScoreSq, sumWin, sumWinSq]. */
  *entries(): Generator<[number, number, Float64Array]> {
    for (const [state, byAction] of this.buckets) for (const [actionSeat, at] of byAction) yield [state, actionSeat, this.sums.subarray(5 * at, 5 * at + 5)];
  }
}

/** Every bucket as a flat array of [state, actionSeat, count, sumScore, sumScoreSq, sumWin, sumWinSq]. */
export function flattenDecisions(d: DecisionCounter): Float64Array {
  const out = new Float64Array(7 * d.size);
  let o = 0;
  for (const [state, actionSeat, t] of d.entries()) {
    out[o++] = state;
    out[o++] = actionSeat;
    out.set(t, o);
    o += 5;
  }
  return out;
}
