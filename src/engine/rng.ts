/**
 * Seeded random streams. Every stream is named by (seed, game index, purpose), never by worker
 * identity or time, so a run gives the same numbers bit for bit however it is split across threads.
 *
 * The generator is seedrandom's Tyche-i: it passes BigCrush, seeds in ~3 us and gives ~200 M
 * int32 per second here, against ~30 M for the default ARC4. A game's streams come from gameKey and
 * reseedFromKey (integer hashing); the string-named reseed serves rollouts and replays.
 */
import seedrandom from 'seedrandom';

const TWO32 = 4294967296;

/** Purposes that get their own independent stream within a chunk. */
export const STREAM_DECK = 0;
export const STREAM_STRATEGY = 1;
/** Counterfactual evaluation: which decisions are sampled, and the rollouts' own cards and choices. */
export const STREAM_SAMPLE = 2;
export const STREAM_ROLLOUT = 3;
export const STREAM_ROLLOUT_STRATEGY = 4;

const TWO_MINUS32 = 1 / TWO32;
/** Flipping the sign bit of two int32s makes their signed order their unsigned order. */
const SIGN = 0x80000000 | 0;

/**
 * Tyche-i mixes a string seed for only 20 rounds past its last character, so streams named by
 * nearby strings ("7/0/..", "7/1/..") are first spread over 128 bits by cyrb128 (a public-domain
 * string hash): 2-3 us a stream, against 13 us through seedrandom's ARC4 key schedule.
 */
export function cyrb128(str: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
}

/** murmur3's 32-bit finaliser: every input bit moves every output bit. */
function fmix32(h: number): number {
  // Written as two expressions: `h ^= h >>> 16` compiled to two more register moves each, and a
  // smaller function fits more of a game's eight calls into a caller's inlining budget.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * A 64-bit key for game `game` of seed `seed` (two independent hash chains over their 32-bit
 * halves), written into `out`: Rng.reseedFromKey then derives each stream of that game from it.
 * Integer hashing with no string or allocation, about 50x cheaper than reseed: for work that
 * reseeds every game (tune's common random numbers), where reseed cost more than a SEVN round.
 * The same as seedKey then gameKeyOf; a loop over games computes seedKey once (half the hashing).
 */
export function gameKey(seed: number, game: number, out: Int32Array): void {
  seedKey(seed, seedScratch);
  gameKeyOf(seedScratch, game, out);
}

const seedScratch = new Int32Array(2);

/** The seed's half of gameKey's two hash chains, the same for every game of a seed. */
export function seedKey(seed: number, out: Int32Array): void {
  const sLo = seed | 0;
  const sHi = Math.floor(seed / TWO32) | 0;
  for (let i = 0; i < 2; i++) out[i] = fmix32(fmix32(Math.imul(i + 1, 0x9e3779b9) ^ sLo) ^ sHi);
}

/** gameKey of game `game` from its seed's half (seedKey). */
export function gameKeyOf(seedHalf: Int32Array, game: number, out: Int32Array): void {
  const gLo = game | 0;
  if (game < TWO32) {
    // The high word is 0, and h ^ 0 = h: the same key without it.
    out[0] = fmix32(fmix32(seedHalf[0] ^ gLo));
    out[1] = fmix32(fmix32(seedHalf[1] ^ gLo));
    return;
  }
  const gHi = Math.floor(game / TWO32) | 0;
  out[0] = fmix32(fmix32(seedHalf[0] ^ gLo) ^ gHi);
  out[1] = fmix32(fmix32(seedHalf[1] ^ gLo) ^ gHi);
}

/** The key of deal `deal` for its bootstrap weights: gameKey's, in a stream family of its own. */
export function dealKey(seed: number, deal: number, out: Int32Array): void {
  gameKey(seed, deal, out);
  out[0] = fmix32(out[0] ^ 0x5bd1e995);
}

/** P(Poisson(1) <= n) for n = 0.., scaled to 2^32: the inverse CDF of bootstrapWeight. */
const POISSON1_CDF = ((): number[] => {
  const out: number[] = [];
  let p = Math.exp(-1);
  let c = 0;
  for (let n = 0; c + p < 1 - 1e-15 && n < 20; n++, p /= n) out.push((c += p) * TWO32);
  return out;
})();

/**
 * A Poisson(1) weight for bootstrap replicate `rep` of a deal (its key from dealKey): one hash of
 * (key, rep) read through the inverse CDF. No state, so any chunk of deals draws the same weights.
 */
export function bootstrapWeight(key: Int32Array, rep: number): number {
  const u = fmix32(fmix32(key[0] ^ Math.imul(rep + 1, 0x9e3779b9)) ^ key[1]) >>> 0;
  let n = 0;
  while (n < POISSON1_CDF.length && u >= POISSON1_CDF[n]) n++;
  return n;
}

/**
 * floor(x * n / 2^32) for the uint32 whose bits are x and n in [1, 2^21]: Lemire's draw. Below 2^16 in
 * int32 arithmetic, the high word of the product from x's two 16-bit halves (each product < 2^32, their
 * sum too), which saved the conversions to and from double and their latency in every draw; above, as
 * the double product (exact below 2^53). The same number either way.
 */
function highWord(x: number, n: number): number {
  if (n < 0x10000) return ((Math.imul(x >>> 16, n) + (Math.imul(x & 0xffff, n) >>> 16)) | 0) >>> 16;
  return ((x >>> 0) * n * TWO_MINUS32) | 0;
}

/** A saved position in a stream (see Rng.save): Tyche-i's four state words. */
export type RngState = seedrandom.State.Tychei;

/**
 * seedrandom seeds Tyche-i (`seedrandom.tychei(key, { state: true })`); the class then steps the
 * same four words itself, so every stream is seedrandom's, number for number (a test holds them
 * equal). Speed over clarity: calling seedrandom's closure through a property made the JIT's
 * inlining vary from process to process (SEVENFALL `stand` at 3.2 or 5.6 M turns/s); a method on
 * this class inlines, and save/restore become four copies instead of an allocation.
 */
export class Rng {
  /**
   * Tyche-i's four state words. Public only for a loop that steps the generator in its own locals
   * (SoloTable.play in games/sevn/numbers.ts: a copy through an array cost more than the round's draws
   * gained), as shuffleStep does here; everyone else goes through the methods.
   */
  a = 0;
  b = 0;
  c = 0;
  d = 0;

  constructor(seed: string = '0') {
    this.seedFrom(seed);
  }

  private seedFrom(name: string): void {
    this.restore(seedrandom.tychei(cyrb128(name), { state: true }).state());
  }

  /** Re-seeds this stream from (seed, index, purpose[, seat]) through a string: allocates, so never once per game. */
  reseed(seed: number | string, chunk: number, purpose: number, seat = 0): void {
    this.seedFrom(`${seed}/${chunk}/${purpose}/${seat}`);
  }

  /**
   * Seeds this stream from a game key (see gameKey) and a stream number (purpose * 256 + seat): a
   * distinct stream family from reseed's. Each state word a different hash of key and stream (fmix32
   * spreads every input bit), then 4 Tyche-i rounds to mix the words with each other.
   */
  reseedFromKey(key: Int32Array, stream: number): void {
    this.reseedFromWords(key[0], key[1], stream);
  }

  /**
   * gameKeyOf(seedHalf, game, key) then reseedFromKey(key, stream), in one function with the key in
   * locals: what a runner does for its deck every game. V8 then inlines more of its eight fmix32
   * calls than it did across the two functions, whose calls the runner loop's inlining budget left:
   * 2,951 -> 2,762 instructions a SEVENFALL `stand` turn (valgrind).
   */
  reseedForGame(seedHalf: Int32Array, game: number, stream: number, key: Int32Array): void {
    if (game >= TWO32) {
      gameKeyOf(seedHalf, game, key);
      this.reseedFromWords(key[0], key[1], stream);
      return;
    }
    const k0 = (key[0] = fmix32(fmix32(seedHalf[0] ^ game)));
    const k1 = (key[1] = fmix32(fmix32(seedHalf[1] ^ game)));
    this.reseedFromWords(k0, k1, stream);
  }

  /**
   * reseedForGame for each game g of [start, end) (its key not kept), the four state words it leaves
   * written to words[4 (g - start), + 4): a block of games' streams seeded in one loop, for a loop
   * that then plays them (SoloTable.playGames). Compiled on its own, this loop inlines all eight of a
   * game's fmix32 calls; inside the solo round's loop, V8's inlining budget left five of them calls.
   * The stream is left at game end - 1's start.
   */
  seedGames(seedHalf: Int32Array, start: number, end: number, stream: number, words: Int32Array): void {
    const h0 = seedHalf[0];
    const h1 = seedHalf[1];
    for (let g = start, i = 0; g < end; g++, i += 4) {
      if (g >= TWO32) {
        gameKeyOf(seedHalf, g, seedScratch);
        this.reseedFromWords(seedScratch[0], seedScratch[1], stream);
      } else this.reseedFromWords(fmix32(fmix32(h0 ^ g)), fmix32(fmix32(h1 ^ g)), stream);
      words[i] = this.a;
      words[i + 1] = this.b;
      words[i + 2] = this.c;
      words[i + 3] = this.d;
    }
  }

  private reseedFromWords(k0: number, k1: number, stream: number): void {
    const s = Math.imul(stream + 1, 0x85ebca6b);
    // `| 0` on the sums: fmix32 reads only their low 32 bits, so the same words, in int32 arithmetic.
    let a = fmix32(k0 ^ s);
    let b = fmix32((k1 + s) | 0);
    let c = fmix32((k0 - ((s << 13) | (s >>> 19))) | 0);
    let d = fmix32(k1 ^ 0x6a09e667 ^ s) | 1; // never the all-zero state, Tyche-i's fixed point
    // 4 steps of next() in locals: once a game per stream, where the field writes of next() showed.
    for (let i = 0; i < 4; i++) {
      b = (b << 25) ^ (b >>> 7) ^ c;
      c = (c - d) | 0;
      d = (d << 24) ^ (d >>> 8) ^ a;
      a = (a - b) | 0;
      b = (b << 20) ^ (b >>> 12) ^ c;
      c = (c - d) | 0;
      d = (d << 16) ^ (c >>> 16) ^ a;
      a = (a - b) | 0;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }

  /** The stream's position, to come back to with restore(). */
  save(): RngState {
    return { a: this.a, b: this.b, c: this.c, d: this.d };
  }

  restore(state: RngState): void {
    this.a = state.a;
    this.b = state.b;
    this.c = state.c;
    this.d = state.d;
  }

  /** Moves this stream to another's position (a save and restore without the allocation). */
  copyFrom(o: Rng): void {
    this.a = o.a;
    this.b = o.b;
    this.c = o.c;
    this.d = o.d;
  }

  /** One Tyche-i step, as seedrandom's lib/tychei.js: a signed 32-bit integer. */
  private next(): number {
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.d;
    b = (b << 25) ^ (b >>> 7) ^ c;
    c = (c - d) | 0;
    d = (d << 24) ^ (d >>> 8) ^ a;
    a = (a - b) | 0;
    this.b = b = (b << 20) ^ (b >>> 12) ^ c;
    this.c = c = (c - d) | 0;
    this.d = (d << 16) ^ (c >>> 16) ^ a;
    return (this.a = (a - b) | 0);
  }

  /** A uniform unsigned 32-bit integer. */
  uint32(): number {
    return this.next() >>> 0;
  }

  /**
   * A uniform integer in [0, n), n in [1, 2^21], without bias (Lemire's multiply-and-reject).
   * n * x < 2^53 keeps the product exact in a double.
   */
  below(n: number): number {
    // Math.imul gives the low 32 bits of x * n without a floating-point modulo (3x faster here).
    // Kept in int32: `low < n` unsigned is the signed comparison with both sign bits flipped, and the
    // result, in [0, n), truncates with | 0 as Math.floor would (same numbers; Math.floor's rounding
    // and its int32 check were a fifth of a SEVENFALL turn's draws, by perf).
    const x = this.next();
    if ((Math.imul(x, n) ^ SIGN) < (n ^ SIGN)) return this.belowFrom(x, n);
    // highWord written out: a call of a module function compiled to a check, in every draw, that the
    // module's binding still held it (3 instructions and a constant load).
    if (n < 0x10000) return ((Math.imul(x >>> 16, n) + (Math.imul(x & 0xffff, n) >>> 16)) | 0) >>> 16;
    return ((x >>> 0) * n * TWO_MINUS32) | 0;
  }

  /**
   * below(n) after its first step drew x with x * n mod 2^32 < n: the rejection test and any further
   * steps. Out of line (one draw in 2^32 / n comes here), so that below(), inlined into every caller,
   * carries one next() instead of two (a SEVN draw's inlined bytecode 370 -> about 200 bytes).
   */
  private belowFrom(x: number, n: number): number {
    const threshold = (TWO32 - n) % n;
    while (Math.imul(x, n) >>> 0 < threshold) x = this.next();
    return highWord(x, n);
  }

  /**
   * `count` steps of a partial Fisher-Yates shuffle of `pool` from position `top`: each step swaps
   * pool[top] with pool[top + below(pool.length - top)], then moves top on. The same numbers as
   * that loop calling below(), with the stream's state in locals from the first step to the last
   * instead of read and written back on the object at every step (a SEVENFALL turn draws 7 tiles so).
   */
  shuffleStep(pool: Uint8Array, top: number, count: number): void {
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.d;
    const len = pool.length;
    for (const end = top + count; top < end; top++) {
      const n = len - top;
      let x: number;
      let low: number;
      do {
        // next(), as above
        b = (b << 25) ^ (b >>> 7) ^ c;
        c = (c - d) | 0;
        d = (d << 24) ^ (d >>> 8) ^ a;
        a = (a - b) | 0;
        b = (b << 20) ^ (b >>> 12) ^ c;
        c = (c - d) | 0;
        d = (d << 16) ^ (c >>> 16) ^ a;
        a = (a - b) | 0;
        x = a;
        low = Math.imul(x, n);
        // below()'s rejection: x again while x * n mod 2^32 < 2^32 mod n (only ever when that is < n).
      } while ((low ^ SIGN) < (n ^ SIGN) && low >>> 0 < (TWO32 - n) % n);
      const j = top + highWord(x, n);
      const t = pool[j];
      pool[j] = pool[top];
      pool[top] = t;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }

  /** A uniform double in [0, 1) with 32 bits of randomness. */
  unit(): number {
    return (this.next() >>> 0) * TWO_MINUS32;
  }
}
