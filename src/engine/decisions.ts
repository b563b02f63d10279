/**
 * Decision recording: which bucket a decision falls in (the state features the user chose, in bands),
 * and the outcome sums of each (bucket, action, seat) in an open-addressing table of typed arrays, so
 * that recording allocates nothing and its memory grows with the number of buckets, not of games.
 */
import { UserError } from './errors.js';
import { MAX_SEATS, WIN_UNITS, actionSeatKey } from './seat-keys.js';

/** Records one decision: a state bucket, the action taken; the outcome is added when the game ends. */
export interface DecisionSink {
  /** How the engine turns its state into the bucket it records. */
  readonly buckets: Bucketer;
  record(seat: number, state: number, action: number): void;
}

/** Win shares are counted in WIN_UNITS (seat-keys.ts, beside the one seat-limit constant). */
export { WIN_UNITS };

/** A state feature a game offers for bucketing. Values below `min` or above `max` join the end bands. */
export interface BucketFeature {
  name: string;
  doc: string;
  /** The band width used when the user gives none. */
  width: number;
  min: number;
  max: number;
  /** A categorical feature (width 1 only): its value written as text, e.g. SEVENFALL's profile. */
  label?(rules: unknown, value: number): string;
}

/** Reads raw feature values of the decision being taken (feature index into the game's list); a fraction counts as its floor. */
export interface FeatureSource {
  feature(seat: number, feature: number): number;
}

export interface BucketChoice {
  feature: string;
  width: number;
}

/** Parses `points:10,distinct,gap-leader:50` against a game's features (no width: the feature's default). */
export function parseBuckets(features: readonly BucketFeature[], text: string): BucketChoice[] {
  const names = features.map((f) => f.name).join(', ');
  if (text.trim() === '' || text.trim() === 'none') return [];
  const out: BucketChoice[] = [];
  for (const part of text.split(',')) {
    const [name, width, extra] = part.trim().split(':');
    const f = features.find((x) => x.name === name);
    if (!f || extra !== undefined) throw new UserError(`--bucket ${text}: unknown feature "${part.trim()}" (features: ${names}; e.g. ${features[0].name}:${features[0].width})`);
    if (out.some((c) => c.feature === name)) throw new UserError(`--bucket ${text}: ${name} is given twice`);
    const w = width === undefined ? f.width : Number(width);
    if (!Number.isInteger(w) || w < 1) throw new UserError(`--bucket ${text}: the band width of ${name} must be a positive integer, got "${width}"`);
    if (f.label && w !== 1) throw new UserError(`--bucket ${text}: ${name} is categorical and takes no band width`);
    out.push({ feature: name, width: w });
  }
  return out;
}

export const formatBuckets = (choices: readonly BucketChoice[]): string => choices.map((c) => `${c.feature}:${c.width}`).join(',') || 'none';

/**
 * Maps a decision to its bucket key: the decision kind, then one band index per chosen feature, as
 * mixed-radix digits. A band covers [k * width, (k + 1) * width) for a whole k; the first and last
 * bands (those holding the feature's min and max) also hold everything below and above.
 */
export class Bucketer {
  private readonly ids: Int32Array;
  private readonly mins: Int32Array;
  private readonly widths: Float64Array;
  private readonly bands: Int32Array;
  /**
   * The key is a sum: kind * kindPlace, plus per feature its band times the band's place value, read
   * from a table by the value's offset from the feature's lowest band (no division per decision: it
   * was the costliest line of outcome recording). Feature i's table is placed[starts[i], + sizes[i]).
   */
  readonly placed: Float64Array; // doubles: keys beyond int32 stay exact (Bucketer alone, as in tests)
  private readonly starts: Int32Array;
  private readonly sizes: Int32Array;
  readonly kindPlace: number;
  /**
   * Per chosen feature four numbers, for a game that computes keys itself (SevnEngine.record): its
   * index in the game's list, the lowest band's lower bound, its table's size and start in `placed`.
   */
  readonly plan: Int32Array;

  constructor(
    readonly features: readonly BucketFeature[],
    readonly choices: readonly BucketChoice[],
  ) {
    this.ids = Int32Array.from(choices, (c) => features.findIndex((f) => f.name === c.feature));
    // Bands start at a multiple of their width, so that 0 is always a band's lower bound.
    this.mins = Int32Array.from(choices, (c, i) => Math.floor(features[this.ids[i]].min / c.width) * c.width);
    this.widths = Float64Array.from(choices, (c) => c.width);
    this.bands = Int32Array.from(choices, (c, i) => Math.floor((features[this.ids[i]].max - this.mins[i]) / c.width) + 1);
    this.sizes = Int32Array.from(choices, (_c, i) => Math.floor(features[this.ids[i]].max - this.mins[i]) + 1);
    this.starts = new Int32Array(choices.length);
    for (let i = 1; i < choices.length; i++) this.starts[i] = this.starts[i - 1] + this.sizes[i - 1];
    this.placed = new Float64Array(this.sizes.reduce((a, b) => a + b, 0));
    let place = 1;
    for (let i = choices.length - 1; i >= 0; i--) {
      for (let d = 0; d < this.sizes[i]; d++) this.placed[this.starts[i] + d] = Math.min(Math.floor(d / this.widths[i]), this.bands[i] - 1) * place;
      place *= this.bands[i];
    }
    this.kindPlace = place;
    this.plan = new Int32Array(choices.length * 4);
    choices.forEach((_c, i) => this.plan.set([this.ids[i], this.mins[i], this.sizes[i], this.starts[i]], i * 4));
  }

  /** How many bucket keys there can be, for `kinds` decision kinds. */
  states(kinds: number): number {
    return this.bands.reduce((n, b) => n * b, kinds);
  }

  key(source: FeatureSource, seat: number, kind: number): number {
    let key = kind * this.kindPlace;
    for (let i = 0; i < this.ids.length; i++) key += this.bandKey(i, source.feature(seat, this.ids[i]));
    return key;
  }

  /** Feature i's band times its place value (a key is kind * kindPlace plus these). */
  private bandKey(i: number, value: number): number {
    return planBand(this.placed, this.plan, i * 4, value);
  }

  /** A key back to its kind and, per chosen feature, its band's lower bound (the raw value when categorical). */
  decode(key: number): { kind: number; lows: number[] } {
    const lows: number[] = new Array(this.ids.length);
    for (let i = this.ids.length - 1; i >= 0; i--) {
      const b = key % this.bands[i];
      key = (key - b) / this.bands[i];
      lows[i] = this.mins[i] + b * this.widths[i];
    }
    return { kind: key, lows };
  }
}

/**
 * The band key of the feature whose four plan numbers start at plan[i] (Bucketer.plan), for its raw
 * value: Bucketer's own, and a game's that reads the features itself (sevn/buckets.ts).
 */
export function planBand(placed: Float64Array, plan: Int32Array, i: number, value: number): number {
  const x = value - plan[i + 1];
  const size = plan[i + 2];
  // x > 0: truncation is floor; beyond the table, the last band.
  return placed[plan[i + 3] + (x <= 0 ? 0 : x < size ? x | 0 : size - 1)];
}

/** Bucket keys are int32: state * 2^14 + action * 8 + seat, so states stay below 2^17. */
export const MAX_STATES = 1 << 17;

/**
 * Sums per (state, action, seat), in an open-addressing hash table: int32 keys, and the sums in one
 * flat Float64Array of `width` numbers per bucket. Lookups allocate nothing and cost a multiply and
 * a probe or two (a Map was 3 to 5 times slower here, and boxes keys above 2^31).
 */
export class BucketTable {
  private keys: Int32Array;
  private slots: Int32Array;
  private shift: number;
  sums: Float64Array;
  size = 0;

  constructor(readonly width: number, capacity = 1024) {
    this.keys = new Int32Array(capacity);
    this.slots = new Int32Array(capacity).fill(-1);
    this.shift = 32 - Math.log2(capacity);
    this.sums = new Float64Array(capacity * width);
  }

  /** The offset in `sums` of the bucket (state, actionSeat), created at zero. state < MAX_STATES, actionSeat < 2^14. */
  at(state: number, actionSeat: number): number {
    return this.atKey((state << 14) | actionSeat);
  }

  /** As at(), by the packed key (state << 14) | actionSeat. */
  atKey(key: number): number {
    return this.slotOf(key) * this.width;
  }

  /** The bucket's number (its sums start at slot * width), by packed key; created at zero. */
  slotOf(key: number): number {
    const mask = this.slots.length - 1;
    for (let i = Math.imul(key, 0x9e3779b1) >>> this.shift; ; i = (i + 1) & mask) {
      const slot = this.slots[i];
      if (slot < 0) {
        this.keys[i] = key;
        this.slots[i] = this.size;
        if (++this.size * 2 > this.slots.length) this.grow();
        return this.size - 1;
      }
      if (this.keys[i] === key) return slot;
    }
  }

  private grow(): void {
    const keys = this.keys;
    const slots = this.slots;
    this.keys = new Int32Array(keys.length * 2);
    this.slots = new Int32Array(keys.length * 2).fill(-1);
    this.shift--;
    const mask = this.slots.length - 1;
    for (let j = 0; j < keys.length; j++) {
      if (slots[j] < 0) continue;
      let i = Math.imul(keys[j], 0x9e3779b1) >>> this.shift;
      while (this.slots[i] >= 0) i = (i + 1) & mask;
      this.keys[i] = keys[j];
      this.slots[i] = slots[j];
    }
    const sums = new Float64Array(this.slots.length * this.width);
    sums.set(this.sums);
    this.sums = sums;
  }

  /** Adds `values` (width numbers from `from`) to a bucket. */
  add(state: number, actionSeat: number, values: ArrayLike<number>, from = 0): void {
    const o = this.at(state, actionSeat);
    for (let k = 0; k < this.width; k++) this.sums[o + k] += values[from + k];
  }

  /** Every bucket as [state, actionSeat, its sums]. */
  *entries(): Generator<[number, number, Float64Array]> {
    for (let i = 0; i < this.slots.length; i++) {
      const slot = this.slots[i];
      if (slot < 0) continue;
      yield [this.keys[i] >>> 14, this.keys[i] & 16383, this.sums.subarray(slot * this.width, (slot + 1) * this.width)];
    }
  }

  /** Every bucket as [state, actionSeat, ...sums] rows in one flat array (what a worker sends back). */
  flatten(): Float64Array {
    const row = 2 + this.width;
    const out = new Float64Array(row * this.size);
    let o = 0;
    for (const [state, actionSeat, t] of this.entries()) {
      out[o] = state;
      out[o + 1] = actionSeat;
      out.set(t, o + 2);
      o += row;
    }
    return out;
  }

  /** Adds rows made by flatten(). */
  addFlat(rows: Float64Array): void {
    const row = 2 + this.width;
    for (let i = 0; i < rows.length; i += row) this.add(rows[i], rows[i + 1], rows, i + 2);
  }
}

/** Sums of a bucket of recorded outcomes. */
export const OUTCOME_FIELDS = ['count', 'sumScore', 'sumScoreSq', 'sumWin', 'sumWinSq'] as const;
/** Sums of a bucket of counterfactual values: the outcomes, then differences from the reference action. */
/**
 * Counterfactual sums per (bucket, action, seat): over rollouts as OUTCOME_FIELDS and of the difference
 * from the reference; then the decisions valued and, over them, the square of each decision's sum of
 * differences (its rollouts share its position: a decision is one cluster for the difference's SE).
 */
export const COUNTERFACTUAL_FIELDS = [...OUTCOME_FIELDS, 'sumDiffScore', 'sumDiffScoreSq', 'sumDiffWin', 'sumDiffWinSq', 'decisions', 'sumDiffScoreByDecisionSq', 'sumDiffWinByDecisionSq'] as const;

export type DecisionRecording = 'none' | 'outcomes' | 'counterfactual';

export const tableWidth = (recording: DecisionRecording): number => (recording === 'counterfactual' ? COUNTERFACTUAL_FIELDS.length : OUTCOME_FIELDS.length);

/**
 * Counts the decisions of the unit being played per bucket as they are made; when its outcome is
 * known, each bucket used adds it once, times its count. Buffers grow by doubling and are reused, so
 * steady state allocates nothing.
 *
 * Counting per bucket instead of keeping each decision's key: a 4-player game makes about 134
 * decisions in a few dozen buckets, and the hash lookup now happens once per decision (at record)
 * while the five sums are added once per bucket used (at settle), not once per decision. The sums are
 * integers, exact in a double, so the totals are the same whatever the order of the additions.
 */
export class DecisionCounter implements DecisionSink {
  /** Per bucket (its BucketTable slot): decisions of the unit being played that fell in it. */
  private counts = new Int32Array(1024);
  /** The buckets counted in this unit, in order of first use, and the seat each belongs to. */
  private used = new Int32Array(256);
  private usedSeat = new Int32Array(256);
  private n = 0;
  /** The sums by bucket; `table` folds the tallies' own sums in first. */
  private readonly sums = new BucketTable(OUTCOME_FIELDS.length);
  /**
   * The tallies' sums (PendingTallies), added to at settle without a bucket lookup and folded into the
   * table's buckets when the table is read (fold). A cell settled since the last fold has an id, kept
   * `cells` past its count as id + 1, its five sums at id * 5 and its index in the tallies at folds[id].
   */
  private cellSums = new Float64Array(1024 * 5);
  private folds = new Int32Array(1024);
  private nFolds = 0;

  constructor(readonly buckets: Bucketer) {}

  /** The outcome sums of every bucket (what a worker sends back), the tallies' sums folded in. */
  get table(): BucketTable {
    this.fold();
    return this.sums;
  }

  /**
   * Slot + 1 of each (state, actionSeat) with actionSeat below 16 (a two-way answer, any seat) and state
   * below 4,096, at (state << 4) | actionSeat; 0 until first looked up. Most decisions (draw or stay)
   * find their slot here instead of by the hash (valgrind: about 25 instructions a decision less).
   */
  private readonly direct = new Int32Array(1 << 16);

  record(seat: number, state: number, action: number): void {
    const actionSeat = actionSeatKey(action, seat);
    const at = (state << 4) | actionSeat;
    let slot: number;
    if (actionSeat < 16 && at < this.direct.length) {
      slot = this.direct[at] - 1;
      if (slot < 0) this.direct[at] = (slot = this.sums.slotOf((state << 14) | actionSeat)) + 1;
    } else slot = this.sums.slotOf((state << 14) | actionSeat);
    if (slot >= this.counts.length) this.counts = grown(this.counts, slot + 1);
    if (this.counts[slot]++ === 0) {
      if (this.n === this.used.length) {
        this.used = grown(this.used, this.n + 1);
        this.usedSeat = grown(this.usedSeat, this.n + 1);
      }
      this.used[this.n] = slot;
      this.usedSeat[this.n++] = seat;
    }
  }

  /**
   * Tallies an engine writes into itself, without a call per decision (SevnEngine's questions), all in
   * one array, `mem` (see PendingTallies): V8 reloads a typed array's map, length and base after
   * every call, so one array a count costs less than three. A unit's decision of an action below 8
   * (actionSeat below 64) in a state below `states` is counted at mem[countsAt + ((state << 6) |
   * actionSeat)], and that index listed at mem[listAt + i] for i < mem[Tally.N] when it became non-zero
   * in this unit. `head` entries at mem[Tally.HEAD, + head) are the writer's (a lookup table of its
   * own). `settle` adds each listed cell's count times its seat's outcome to the cell's own sums
   * (cellSums), so that a game's settle looks no bucket up; the buckets are found once a cell and fold.
   */
  tallies(states: number, head = 0): PendingTallies {
    const cells = states << 6;
    const p = this.pending;
    if (p === null || p.cells < cells || p.listAt < Tally.HEAD + head) {
      this.fold(); // the sums of the cells before these
      const listAt = Tally.HEAD + head;
      // The list one longer than the cells: a writer may list a cell at [n] before knowing it is new.
      // The counts at a multiple of 64, so that a writer's index ORs in the action and seat.
      const countsAt = (listAt + cells + 1 + 63) & ~63;
      this.pending = { mem: new Int32Array(countsAt + 2 * cells), cells, listAt, countsAt };
    }
    return this.pending as PendingTallies;
  }
  private pending: PendingTallies | null = null;

  /** The unit is over: credit each bucket used with its seat's outcome, times its count. */
  settle(scores: Int32Array, winShare: Float64Array): void {
    const out = OUTCOME;
    for (let s = 0; s < scores.length; s++) {
      const score = scores[s];
      const win = Math.round(winShare[s] * WIN_UNITS);
      out[s * 4] = score;
      out[s * 4 + 1] = score * score;
      out[s * 4 + 2] = win;
      out[s * 4 + 3] = win * win;
    }
    const p = this.pending;
    if (p !== null) {
      const mem = p.mem;
      const cells = p.cells;
      const listed = mem[Tally.N];
      // Room for every listed cell to take a new id, made before the loop so that its arrays stay put.
      if (this.nFolds + listed > this.folds.length) this.growFolds(this.nFolds + listed);
      const cs = this.cellSums;
      const folds = this.folds;
      let ids = this.nFolds;
      // No field written in the loop: its arrays' maps were checked again at each cell.
      for (let i = p.listAt, end = i + listed; i < end; i++) {
        const at = mem[i];
        const c = mem[at];
        mem[at] = 0;
        let id = mem[at + cells] - 1;
        if (id < 0) {
          mem[at + cells] = (id = ids++) + 1;
          folds[id] = at;
        }
        // id < cells <= MAX_STATES << 6 = 2^23: the mask tells V8 so, and the offsets need no overflow checks.
        const o = (id & 0x7fffff) * 5;
        credit(cs, o, c, (at & 7) << 2); // seat = actionSeat & 7 (countsAt is a multiple of 64)
      }
      this.nFolds = ids;
      mem[Tally.N] = 0;
    }
    const sums = this.sums.sums;
    const counts = this.counts;
    for (let i = 0; i < this.n; i++) {
      const slot = this.used[i];
      const c = counts[slot];
      counts[slot] = 0;
      credit(sums, slot * 5, c, this.usedSeat[i] * 4); // 5: OUTCOME_FIELDS.length
    }
    this.n = 0;
  }

  private growFolds(need: number): void {
    this.folds = grown(this.folds, need);
    const cs = new Float64Array(this.folds.length * 5);
    cs.set(this.cellSums);
    this.cellSums = cs;
  }

  /** Adds the tallies' cell sums to their buckets in the table and clears them (a cell's bucket is its state and actionSeat). */
  private fold(): void {
    const p = this.pending;
    if (p === null) return;
    const cs = this.cellSums;
    for (let id = 0; id < this.nFolds; id++) {
      const at = this.folds[id];
      const cell = at - p.countsAt;
      const o = this.sums.atKey(((cell >>> 6) << 14) | (cell & 63));
      const sums = this.sums.sums;
      for (let k = 0; k < 5; k++) {
        sums[o + k] += cs[id * 5 + k];
        cs[id * 5 + k] = 0;
      }
      p.mem[at + p.cells] = 0;
    }
    this.nFolds = 0;
  }
}

/**
 * Per seat, for the unit just settled: score, score², win (in WIN_UNITS), win². One array for every
 * counter (settle fills it and reads it at once): V8 then knows its length and drops the bounds checks.
 */
const OUTCOME = new Float64Array(MAX_SEATS * 4);

/**
 * Adds c times a seat's outcome (score, score², win, win² at OUTCOME[x]) to the sums at o, and c to its
 * count. A const, not a function declaration: V8 checked a declared function's identity at each call.
 */
const credit = (sums: Float64Array, o: number, c: number, x: number): void => {
  sums[o] += c;
  sums[o + 1] += c * OUTCOME[x];
  sums[o + 2] += c * OUTCOME[x + 1];
  sums[o + 3] += c * OUTCOME[x + 2];
  sums[o + 4] += c * OUTCOME[x + 3];
};

/** Where PendingTallies.mem keeps its count of listed cells, and where the writer's head starts. */
export const enum Tally {
  N = 0,
  HEAD = 1,
}

/** See DecisionCounter.tallies. */
export interface PendingTallies {
  /**
   * mem[Tally.N]: cells listed; the writer's head; the list at listAt; the counts at countsAt; then,
   * `cells` past each count, 1 when the cell has sums not yet folded into the counter's table.
   */
  readonly mem: Int32Array;
  /** Cells (states << 6) the counts have room for. */
  readonly cells: number;
  readonly listAt: number;
  /** A multiple of 64. */
  readonly countsAt: number;
}

/** A copy of `a` with room for at least `need` entries (doubling). */
function grown(a: Int32Array, need: number): Int32Array<ArrayBuffer> {
  let size = a.length * 2;
  while (size < need) size *= 2;
  const b = new Int32Array(size);
  b.set(a);
  return b;
}
