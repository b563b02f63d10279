/**
 * The states of the exact solo pass (solo-pass.ts): each a few small fields packed into 32-bit words
 * (`StateLayout`), kept with their chance in an open-addressing hash table of typed arrays
 * (`StateTable`): no object or string per state. A JS Map keyed by the packed number was the first
 * version; keys above 2^31 are heap numbers there and cost about five times as much per state.
 */

/** The index of each field in a state as solo-pass.ts unpacks it (per card code: -1 for none); what they hold: solo-pass.ts. */
export interface SoloStateFields {
  held: number;
  secondChance: number;
  sequence: number;
  queue: number;
  heldCopies: number;
  /** Copies left in the deck (a Ballast card: 0 in the deck, 1 kept, 2 discarded); a held value's are in heldCopies unless kept apart. */
  left: Int32Array;
  /** Copies in the row (modifiers and bonus cards). */
  row: Int32Array;
}

/** Where each field lives: its word, its bit offset and its width. */
export class StateLayout {
  readonly word: number[] = [];
  readonly shift: number[] = [];
  readonly mask: number[] = [];
  /** 32-bit words per state. */
  words = 0;
  private readonly free: number[] = [];

  /** Adds a field of `bits` bits (1 to 31): first fit over the words so far. Returns its index. */
  add(bits: number): number {
    if (bits < 1 || bits > 31) throw new Error(`internal: a state field of ${bits} bits`);
    let w = this.free.findIndex((f) => f >= bits);
    if (w < 0) {
      w = this.words++;
      this.free.push(32);
    }
    this.word.push(w);
    this.shift.push(32 - this.free[w]);
    this.mask.push(2 ** bits - 1);
    this.free[w] -= bits;
    return this.word.length - 1;
  }

  get fields(): number {
    return this.word.length;
  }

  pack(f: Int32Array, out: Int32Array): void {
    out.fill(0);
    for (let i = 0; i < f.length; i++) out[this.word[i]] |= f[i] << this.shift[i];
  }

  unpack(k: Int32Array, at: number, f: Int32Array): void {
    for (let i = 0; i < f.length; i++) f[i] = (k[at + this.word[i]] >>> this.shift[i]) & this.mask[i];
  }
}

/** The bits a field needs to hold 0..max. */
export const bitsFor = (max: number): number => Math.max(1, Math.ceil(Math.log2(max + 1)));

/**
 * States of one layer (a key of `words` int32s, `words` even) with their summed chance, open
 * addressing with linear probing. Key and chance share one buffer, slot by slot, so a probe reads one
 * cache line: inserting is most of the pass's time, and two arrays cost two misses per probe.
 */
export class StateTable {
  /** Per slot: the key's words, then the chance as a float64 (0: an empty slot). */
  ints: Int32Array;
  floats: Float64Array;
  size = 0;
  private capacity: number;
  /** int32s per slot. */
  readonly stride: number;

  constructor(readonly words: number, capacity = 1024) {
    if (words % 2 !== 0) throw new Error('internal: a state table takes an even number of words');
    this.stride = words + 2;
    this.capacity = capacity;
    const buffer = new ArrayBuffer(capacity * this.stride * 4);
    this.ints = new Int32Array(buffer);
    this.floats = new Float64Array(buffer);
  }

  /** Adds chance `p` (> 0) to the state `k`; true when the state is new. */
  add(k: Int32Array, p: number): boolean {
    if (this.size * 4 >= this.capacity * 3) this.grow();
    const w = this.words;
    const st = this.stride;
    const ints = this.ints;
    let h = 0x9e3779b9;
    for (let i = 0; i < w; i++) h = Math.imul(h ^ k[i], 0x85ebca6b) ^ (h >>> 13);
    const m = this.capacity - 1;
    for (let i = (h ^ (h >>> 16)) & m; ; i = (i + 1) & m) {
      const at = i * st;
      const c = (at + w) >> 1;
      if (this.floats[c] === 0) {
        for (let j = 0; j < w; j++) ints[at + j] = k[j];
        this.floats[c] = p;
        this.size++;
        return true;
      }
      let same = true;
      for (let j = 0; j < w; j++) if (ints[at + j] !== k[j]) { same = false; break; }
      if (same) {
        this.floats[c] += p;
        return false;
      }
    }
  }

  /** Slots 0..slots-1; a slot holds a state when its chance (chanceAt) is above 0, its key at slot * stride. */
  get slots(): number {
    return this.capacity;
  }

  chanceAt(slot: number): number {
    return this.floats[(slot * this.stride + this.words) >> 1];
  }

  private grow(): void {
    const ints = this.ints;
    const floats = this.floats;
    const w = this.words;
    const st = this.stride;
    const old = this.capacity;
    this.capacity *= 2;
    const buffer = new ArrayBuffer(this.capacity * st * 4);
    this.ints = new Int32Array(buffer);
    this.floats = new Float64Array(buffer);
    this.size = 0;
    const k = new Int32Array(w);
    for (let i = 0; i < old; i++) {
      const p = floats[(i * st + w) >> 1];
      if (p === 0) continue;
      for (let j = 0; j < w; j++) k[j] = ints[i * st + j];
      this.add(k, p);
    }
  }
}
