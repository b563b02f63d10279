/**
 * A memo of values keyed by a fixed number of 32-bit words (a packed state): open addressing with
 * linear probing over typed arrays, doubled when half full, so that a lookup allocates nothing. The
 * caller packs a state into `key`, asks `find`, and `set`s a value at a free slot.
 */
export class StateMemo {
  /** The key to look up or set: packed by the caller. */
  readonly key: Int32Array;
  /** Entries held. */
  count = 0;
  private table: Int32Array;
  private used: Uint8Array;
  private values: Float64Array;
  private mask = 0;

  constructor(readonly words: number, capacity = 1 << 12) {
    this.key = new Int32Array(words);
    this.table = new Int32Array(0);
    this.used = new Uint8Array(0);
    this.values = new Float64Array(0);
    this.resize(capacity);
  }

  clear(): void {
    this.used.fill(0);
    this.count = 0;
  }

  /** The slot of `key`: a used one holding it, or the free one where it goes. */
  find(): number {
    const key = this.key;
    const w = this.words;
    let h = this.hashAt(key, 0) & this.mask;
    for (;;) {
      if (this.used[h] === 0) return h;
      let same = true;
      for (let k = 0; k < w; k++) {
        if (this.table[h * w + k] !== key[k]) {
          same = false;
          break;
        }
      }
      if (same) return h;
      h = (h + 1) & this.mask;
    }
  }

  has(slot: number): boolean {
    return this.used[slot] === 1;
  }

  value(slot: number): number {
    return this.values[slot];
  }

  /** Stores `v` under `key` (not yet held; packed again by the caller if it changed since `find`). */
  set(v: number): void {
    if (2 * (this.count + 1) > this.used.length) this.resize(2 * this.used.length);
    const slot = this.find();
    this.used[slot] = 1;
    this.values[slot] = v;
    for (let k = 0; k < this.words; k++) this.table[slot * this.words + k] = this.key[k];
    this.count++;
  }

  private resize(capacity: number): void {
    const oldTable = this.table;
    const oldUsed = this.used;
    const oldValues = this.values;
    const w = this.words;
    this.table = new Int32Array(capacity * w);
    this.used = new Uint8Array(capacity);
    this.values = new Float64Array(capacity);
    this.mask = capacity - 1;
    for (let i = 0; i < oldUsed.length; i++) {
      if (oldUsed[i] === 0) continue;
      let h = this.hashAt(oldTable, i * w) & this.mask;
      while (this.used[h] === 1) h = (h + 1) & this.mask;
      this.used[h] = 1;
      this.values[h] = oldValues[i];
      for (let k = 0; k < w; k++) this.table[h * w + k] = oldTable[i * w + k];
    }
  }

  private hashAt(a: Int32Array, at: number): number {
    let h = 0x811c9dc5;
    for (let k = 0; k < this.words; k++) h = Math.imul(h ^ a[at + k], 0x01000193) ^ (h >>> 15);
    return h >>> 0;
  }
}
