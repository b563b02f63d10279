/**
 * The bust table's exact columns on any deck: a forward pass over a solo round from a fresh deck, the
 * strategy answering from a view of each state (solo-view.ts) as it would in the engine.
 *
 * In a solo round from a fresh deck what the deck holds follows from what was drawn and where it went,
 * so a state (solo-states.ts: a few fields packed into 32-bit words) is: the number values held, each
 * other card's copies left in the deck (a Ballast card: in the deck, kept or discarded), whether a
 * Second Chance is held, the cards that went to the discard pile from the deck other than by acting
 * (a duplicate a Second Chance cancelled, the card a Crossroads left: a list as long as those cards
 * can be), and during a Triple Draw or a Storm the cards it still deals and the actions waiting. States
 * are kept by cards taken from the deck, each layer merged before it is expanded, so each is expanded
 * once with its whole chance and only the layers ahead of it are kept.
 *
 * A lone player's cards act as the engine makes them act (engine.ts): a duplicate busts unless a held
 * Second Chance cancels it (both discarded); a second Second Chance is discarded (nobody to give it
 * to); the strategy keeps or discards a Ballast card; a Freeze can only freeze the player, which ends
 * the round (without freezeSelf it is discarded); a Triple Draw deals its cards to the player, a Storm
 * one; a Crossroads reveals two cards, the strategy takes one (resolved as if drawn) and the other is
 * discarded; actions drawn during a Triple Draw or a Storm wait and resolve first in, first out after
 * it; seven distinct values (numbers and kept Ballast) end the round with the bonus; bonus cards score
 * at the round's end. Decks small enough to be reshuffled within a round are left out (null).
 *
 * On a full deck the states keep growing with the cards taken (about 2.5 times a card on flip7), most
 * of them long rounds of small chance; so a state whose chance is below `epsilon` is dropped, not
 * expanded, and solo-bound.ts bounds what it could still have added (0 for none: exact).
 */
import { Rng } from '../../engine/rng.js';
import { Kind, SevnCards } from './cards.js';
import { makeSevnPlayers } from './index.js';
import type { SevnRules } from './rules.js';
import { longestRun } from './scoring.js';
import { SoloView } from './solo-view.js';
import { DroppedStates, maxRoundScore, pointsDrop } from './solo-bound.js';
import { StateLayout, StateTable, bitsFor } from './solo-states.js';
import { Answer, Decision, type SevnStrategyDef } from './view.js';

export interface SoloPassRow {
  /** Expected draw decisions per round at this (distinct, points) (a Second Chance drawn or used leaves the points as they were), and their mean next-card bust chance. */
  reach: number;
  bust: number;
}

export interface SoloPass {
  /** Per stateKey(distinct, points) (bust-sim.ts). */
  rows: Map<number, SoloPassRow>;
  /** The round's expected score, its second moment, and the chances of a bust and of a SEVN. */
  mean: number;
  meanSquare: number;
  bustChance: number;
  sevnChance: number;
  /** States expanded, the most kept at once, and the states reached (see SOLO_PASS_MAX_STEPS). */
  states: number;
  peakStates: number;
  steps: number;
  /**
   * The states dropped, their chance below `epsilon` (solo-bound.ts): every figure above is exact less
   * what they would add: at most `dropped.reachBound` to a row's reach and busts, `dropped.mass` to the
   * bust and SEVN chances, `dropped.mass` x `scoreBound` to the mean (and x `scoreBound` again to the
   * second moment). None dropped (mass 0): exact.
   */
  dropped: DroppedStates;
  epsilon: number;
  scoreBound: number;
}

export interface SoloPassOptions {
  /** The work cap (default SOLO_PASS_MAX_STEPS). */
  maxSteps?: number;
  /** States whose chance is below it are dropped, not expanded (default SOLO_PASS_EPSILON; 0: none). */
  epsilon?: number;
  /** States that can lead to no row drawn at so far are dropped below it (default SOLO_PASS_FAR_EPSILON). */
  farEpsilon?: number;
  progress?: SoloPassProgress;
}

/** Thrown when the states pass the cap: the pass stops at once. */
const TOO_MANY = new Error('too many states');

/** Actions that can wait at once (3 bits each in one field). */
const QMAX = 10;
/** Waiting actions, as kept in the queue field. */
const enum Q { FREEZE = 1, TRIPLE = 2, CROSSROADS = 3, STORM = 4 }

/** Why the pass does not apply to these rules, or null when it does. */
export function soloPassRefusal(r: SevnRules): string | null {
  const a = r.actions;
  if (a.freeze + a.tripleDraw + a.crossroads + a.storm > QMAX) return `the deck has more than ${QMAX} Freeze, Triple Draw, Crossroads and Storm cards, more than the exact pass keeps waiting`;
  const cards = new SevnCards(r);
  // The most cards a solo round can take from the deck: every card but the numbers, the values short
  // of a SEVN and the card that ends it, a duplicate per Second Chance and a card per Crossroads.
  let others = 0;
  for (let c = 0; c < cards.codes; c++) if (cards.kind[c] !== Kind.NUMBER) others += cards.copies[c];
  if (others + r.sevn.distinct + a.secondChance + a.crossroads >= cards.deck.length) return 'the deck is small enough to be reshuffled within a solo round, which the exact pass leaves out';
  return null;
}

/**
 * The work a bust table's pass may do: states reached (a card drawn, or a Crossroads pair taken, from a
 * state; the same state reached twice counts twice), about 15 s of one thread. Past it the pass
 * stops and the table has no exact columns. A count, not a clock, so the answer is the same everywhere.
 */
export const SOLO_PASS_MAX_STEPS = 24_000_000;

/** The chance below which a state is dropped: see SoloPass.dropped. */
export const SOLO_PASS_EPSILON = 1e-10;
export const SOLO_PASS_FAR_EPSILON = 1e-6;

/** What the pass reports while it runs: layers (cards taken from the deck) done and states so far. */
export type SoloPassProgress = (layer: number, states: number) => void;

/** The exact pass, or why there is none: the deck (soloPassRefusal) or past `maxSteps` states reached. */
export function soloPass(r: SevnRules, strategies: readonly SevnStrategyDef[], spec: string, o: SoloPassOptions = {}): SoloPass | { why: string } {
  const { maxSteps = SOLO_PASS_MAX_STEPS, epsilon = SOLO_PASS_EPSILON, progress } = o;
  const farEpsilon = epsilon > 0 ? Math.max(epsilon, o.farEpsilon ?? SOLO_PASS_FAR_EPSILON) : 0;
  const refused = soloPassRefusal(r);
  if (refused !== null) return { why: refused };
  const cards = new SevnCards(r);
  const [player] = makeSevnPlayers(strategies, r, [spec], [new Rng()]);
  const C = cards.codes;
  const { kind, value, copies } = cards;

  // The fields of a state.
  const layout = new StateLayout();
  const numIdx = new Int32Array(C).fill(-1);
  const numCode: number[] = [];
  for (let c = 0; c < C; c++) if (kind[c] === Kind.NUMBER && copies[c] > 0) numIdx[c] = numCode.push(c) - 1;
  const HELD = layout.add(Math.max(1, numCode.length));
  const SC_HELD = layout.add(1);
  const SEQ = layout.add(bitsFor(Math.max(1, r.tripleDrawCards)));
  const QUEUE = layout.add(3 * QMAX);
  const rem = new Int32Array(C).fill(-1); // the field of each other card's copies left (Ballast: 0 deck, 1 kept, 2 discarded)
  for (let c = 0; c < C; c++) if (kind[c] !== Kind.NUMBER && copies[c] > 0) rem[c] = layout.add(kind[c] === Kind.BALLAST ? 2 : bitsFor(copies[c]));
  const slotCount = r.actions.secondChance + r.actions.crossroads;
  const SLOT = layout.fields;
  for (let i = 0; i < slotCount; i++) layout.add(bitsFor(C));
  if (layout.words > 4) return { why: `the deck has too many kinds of cards for the exact pass to key its states (${layout.words} words of 32 bits; it takes 4)` };
  const F = layout.fields;
  const W = layout.words + (layout.words & 1); // even, for the state tables' float64s
  let lastLayer = 0; // the size of the last layer expanded: the next tables start at about its size

  const view = new SoloView(r, cards);
  const sevnDistinct = r.sevn.distinct;
  const freezeSelf = r.freezeSelf !== false;
  const b = r.bonuses;
  const out: SoloPass = {
    rows: new Map(), mean: 0, meanSquare: 0, bustChance: 0, sevnChance: 0, states: 0, peakStates: 0, steps: 0,
    dropped: new DroppedStates(pointsDrop(r)), epsilon, scoreBound: maxRoundScore(r),
  };
  const key = new Int32Array(W);
  const tables: (StateTable | undefined)[] = [];
  let waiting = 0; // states in the tables not yet expanded
  const push = (g: Int32Array, q: number, layer: number): void => {
    if (++out.steps > maxSteps) throw TOO_MANY;
    let t = tables[layer];
    if (t === undefined) tables[layer] = t = new StateTable(W, 2 ** Math.max(10, Math.ceil(Math.log2(lastLayer * 2))));
    layout.pack(g, key);
    if (t.add(key, q)) waiting++;
  };
  // rowTop[d]: the most points of a row drawn at so far with d or more values; a state whose rows
  // (solo-bound.ts) lie above them all is dropped below `farEpsilon` rather than `epsilon`.
  const rowTop = new Int32Array(sevnDistinct + 1).fill(-1);
  const farDrop = out.dropped.pointsDrop;
  /** Expands state f of chance p, or drops it: what it could still add goes to out.dropped (solo-bound.ts). */
  const expandOrDrop = (f: Int32Array, p: number): void => {
    if (p >= farEpsilon) return step(f, p, layer, false);
    const deck = decks[depth];
    deckOf(f, deck);
    rowOf(f, rowBuf, false);
    // A Freeze waiting freezes the player before any decision.
    let doomed = false;
    if (freezeSelf) for (let a = f[QUEUE]; a !== 0; a >>>= 3) if ((a & 7) === Q.FREEZE) doomed = true;
    const keep = p >= epsilon && !doomed && rowTop[Math.min(rowDistinct, sevnDistinct)] >= rowPoints - farDrop;
    // A decision is asked first: a stay ends the round as cheaply as a drop.
    if (keep || (f[SEQ] === 0 && f[QUEUE] === 0)) return step(f, p, layer, !keep);
    drop(f, p, doomed);
  };
  /** Drops state f of chance p (deckOf and rowOf of f done): see SoloPass.dropped. */
  const drop = (f: Int32Array, p: number, doomed: boolean): void => {
    const deck = decks[depth];
    let k = 0;
    if (!doomed) {
      k = 1 + Math.max(0, sevnDistinct - 1 - rowDistinct) + f[SC_HELD];
      // A Freeze that freezes the player ends the round before its next decision: not counted.
      for (let c = 0; c < C; c++) if (kind[c] !== Kind.NUMBER && !(freezeSelf && kind[c] === Kind.FREEZE)) k += kind[c] === Kind.SECOND_CHANCE ? 2 * deck[c] : deck[c];
    }
    out.dropped.add(rowDistinct, rowPoints, p, k);
  };
  const end = (score: number, q: number): void => {
    out.mean += q * score;
    out.meanSquare += q * score * score;
  };

  // Scratch arrays per depth of nesting (a Crossroads can take a Crossroads).
  const depth = 2 + 2 * r.actions.crossroads;
  const scratch = (n: number) => Array.from({ length: depth + 1 }, () => new Int32Array(n));
  const gs = scratch(F);
  let viewLoads = 0; // views loaded so far: a Crossroads reloads its view after a question asked in between
  const decks = scratch(C);
  const rowBuf = new Int32Array(C);
  const slotsOf = new Int32Array(C);

  /** The deck's copies of each card in state f; returns their total. */
  const deckOf = (f: Int32Array, deck: Int32Array): number => {
    slotsOf.fill(0);
    for (let i = 0; i < slotCount; i++) if (f[SLOT + i] > 0) slotsOf[f[SLOT + i] - 1]++;
    let total = 0;
    for (let c = 0; c < C; c++) {
      let n = 0;
      if (numIdx[c] >= 0) n = copies[c] - ((f[HELD] >>> numIdx[c]) & 1) - slotsOf[c];
      else if (rem[c] >= 0) n = kind[c] === Kind.BALLAST ? (f[rem[c]] === 0 ? 1 : 0) : f[rem[c]];
      deck[c] = n;
      total += n;
    }
    return total;
  };
  /** The row of state f, per code (deckOf(f) first: it counts the slots); its points in `rowPoints`, its values in `rowHeld`, `rowDistinct`. */
  let rowPoints = 0;
  let rowHeld = 0;
  let rowDistinct = 0;
  const rowOf = (f: Int32Array, row: Int32Array, sevn: boolean): void => {
    let sum = 0;
    let mult = 1;
    let plus = 0;
    let held = 0;
    let distinct = 0;
    let nonLow = 0;
    let bonus = 0;
    for (let c = 0; c < C; c++) {
      let n = 0;
      const k = kind[c];
      if (numIdx[c] >= 0) {
        n = (f[HELD] >>> numIdx[c]) & 1;
        if (n) {
          held |= 1 << value[c];
          sum += value[c];
          distinct++;
        }
      } else if (rem[c] >= 0) {
        if (k === Kind.BALLAST) {
          n = f[rem[c]] === 1 ? 1 : 0;
          if (n) {
            sum += value[c];
            distinct++;
            if (value[c] > b.featherweight.maxValue) nonLow++;
          }
        } else if (k === Kind.SECOND_CHANCE) n = f[SC_HELD];
        else if (k === Kind.MULTIPLY || k === Kind.ADD || k === Kind.FEATHERWEIGHT || k === Kind.HEAVYWEIGHT || k === Kind.LADDER) {
          n = copies[c] - f[rem[c]] - slotsOf[c];
          if (n > 0) {
            if (k === Kind.MULTIPLY) mult *= value[c] ** n;
            else if (k === Kind.ADD) plus += value[c] * n;
            else bonus |= k === Kind.FEATHERWEIGHT ? 1 : k === Kind.HEAVYWEIGHT ? 2 : 4;
          }
        }
      }
      row[c] = n;
    }
    // The bonus cards' points as SeatBonus (scoring.ts) counts them.
    let extra = sevn ? r.sevn.bonus : 0;
    if (bonus & 1 && distinct >= b.featherweight.minCards && nonLow === 0) {
      let low = true;
      for (let m = held; m !== 0; m &= m - 1) if (31 - Math.clz32(m & -m) > b.featherweight.maxValue) low = false;
      if (low) extra += b.featherweight.points;
    }
    if (bonus & 2) {
      let heavy = 0;
      for (let m = held; m !== 0; m &= m - 1) if (31 - Math.clz32(m & -m) >= b.heavyweight.minValue) heavy++;
      if (heavy >= b.heavyweight.minCards) extra += b.heavyweight.points;
    }
    if (bonus & 4) {
      const run = longestRun(held);
      if (run >= b.ladder.minRun) extra += run * b.ladder.pointsPerCard;
    }
    const t = sum * mult + plus + extra;
    rowPoints = t < 0 ? 0 : t;
    rowHeld = held;
    rowDistinct = distinct;
  };
  const ballastFields: number[] = [];
  for (let c = 0; c < C; c++) if (kind[c] === Kind.BALLAST && rem[c] >= 0) ballastFields.push(rem[c]);
  const distinctOf = (f: Int32Array): number => {
    let d = 0;
    for (let m = f[HELD]; m !== 0; m &= m - 1) d++;
    for (let i = 0; i < ballastFields.length; i++) if (f[ballastFields[i]] === 1) d++;
    return d;
  };
  /** The round's score with the row of f (after deckOf(f)). */
  const scoreOf = (f: Int32Array, sevn: boolean): number => {
    deckOf(f, decks[depth]);
    rowOf(f, rowBuf, sevn);
    return rowPoints;
  };
  /** Card c goes to the discard pile from the deck, kept apart in a slot (the slots stay sorted, highest first). */
  const toSlot = (g: Int32Array, c: number): void => {
    let v = c + 1;
    for (let i = 0; i < slotCount; i++) {
      if (g[SLOT + i] < v) {
        const w = g[SLOT + i];
        g[SLOT + i] = v;
        v = w;
        if (v === 0) return;
      }
    }
    throw new Error('internal: more cards discarded than the exact pass keeps');
  };
  const enqueue = (g: Int32Array, a: number): void => {
    let n = 0;
    while ((g[QUEUE] >>> (3 * n)) & 7) n++;
    g[QUEUE] |= a << (3 * n);
  };

  /** Card c, just taken from the deck (not yet counted out of it), resolves for the player in state g. */
  const resolve = (g: Int32Array, c: number, q: number, layer: number, inSequence: boolean, d: number): void => {
    const k = kind[c];
    if (k === Kind.NUMBER) {
      const bit = 1 << numIdx[c];
      if (g[HELD] & bit) {
        if (g[SC_HELD] === 0) {
          out.bustChance += q;
          return end(0, q);
        }
        g[SC_HELD] = 0;
        toSlot(g, c);
        return push(g, q, layer);
      }
      g[HELD] |= bit;
      if (distinctOf(g) === sevnDistinct) {
        out.sevnChance += q;
        return end(scoreOf(g, true), q);
      }
      return push(g, q, layer);
    }
    if (k === Kind.BALLAST) {
      const deck = decks[d];
      deckOf(g, deck);
      deck[c] = 0; // in hand
      rowOf(g, rowBuf, false);
      view.load(Decision.BALLAST, rowBuf, deck, rowPoints, rowHeld, rowDistinct, 1);
      viewLoads++;
      view.card = c;
      if (player.ballast(view) === Answer.KEEP) {
        g[rem[c]] = 1;
        if (distinctOf(g) === sevnDistinct) {
          out.sevnChance += q;
          return end(scoreOf(g, true), q);
        }
      } else g[rem[c]] = 2;
      return push(g, q, layer);
    }
    g[rem[c]]--;
    if (k === Kind.SECOND_CHANCE) g[SC_HELD] = 1; // a second one is discarded: nobody else to give it to
    else if (k === Kind.FREEZE || k === Kind.TRIPLE_DRAW || k === Kind.CROSSROADS || k === Kind.STORM) {
      if (inSequence) enqueue(g, k === Kind.FREEZE ? Q.FREEZE : k === Kind.TRIPLE_DRAW ? Q.TRIPLE : k === Kind.CROSSROADS ? Q.CROSSROADS : Q.STORM);
      else if (k === Kind.FREEZE) {
        if (freezeSelf) return end(scoreOf(g, false), q);
      } else if (k === Kind.TRIPLE_DRAW) g[SEQ] = r.tripleDrawCards;
      else if (k === Kind.STORM) g[SEQ] = 1;
      else return crossroads(g, q, layer, d);
    }
    push(g, q, layer);
  };

  /** The player in state f (sequence card counted) draws one card; `total` from deckOf(f, decks[d]). */
  const draw = (f: Int32Array, p: number, layer: number, inSequence: boolean, d: number, total: number): void => {
    const deck = decks[d];
    const g = gs[d];
    for (let c = 0; c < C; c++) {
      if (deck[c] === 0) continue;
      g.set(f);
      resolve(g, c, (p * deck[c]) / total, layer + 1, inSequence, d + 1);
    }
  };

  /** A Crossroads acts for the player in state f (the Crossroads card out of the deck): two cards, one taken. */
  const crossroads = (f: Int32Array, p: number, layer: number, d: number): void => {
    const deck = decks[d];
    const total = deckOf(f, deck);
    const g = gs[d];
    const seen = view.seen;
    let loaded = -1;
    for (let a = 0; a < C; a++) {
      if (deck[a] === 0) continue;
      for (let o = 0; o < C; o++) {
        const nb = deck[o] - (a === o ? 1 : 0);
        if (nb === 0) continue;
        // The view at this choice: both cards seen, the Crossroads card and both in hand.
        if (loaded !== viewLoads) {
          deckOf(f, deck);
          rowOf(f, rowBuf, false);
          view.load(Decision.CROSSROADS, rowBuf, deck, rowPoints, rowHeld, rowDistinct, 1);
          view.card = cards.crossroads;
          view.deckSize -= 2; // both cards in hand
          loaded = ++viewLoads;
        }
        seen[a]++;
        seen[o]++;
        view.optionA = a;
        view.optionB = o;
        const pick = player.crossroads(view);
        seen[a]--;
        seen[o]--;
        const chosen = pick === 0 ? a : o;
        const other = pick === 0 ? o : a;
        g.set(f);
        // The other card is discarded; the chosen one resolves as if drawn.
        const k = kind[other];
        if (k === Kind.NUMBER) toSlot(g, other);
        else if (k === Kind.BALLAST) g[rem[other]] = 2;
        else {
          g[rem[other]]--;
          if (k === Kind.MULTIPLY || k === Kind.ADD || k === Kind.FEATHERWEIGHT || k === Kind.HEAVYWEIGHT || k === Kind.LADDER) toSlot(g, other);
        }
        const q = (((p * deck[a]) / total) * nb) / (total - 1);
        resolve(g, chosen, q, layer + 2, false, d + 1);
      }
    }
  };

  // The deal: one card, no decision; then the layers in order of cards taken from the deck.
  const f = new Int32Array(F);
  for (let c = 0; c < C; c++) if (rem[c] >= 0 && kind[c] !== Kind.BALLAST) f[rem[c]] = copies[c];
  const here = decks[0];
  let layer = 0;
  try {
    draw(f, 1, 0, false, 0, deckOf(f, here));
    for (layer = 1; layer < tables.length; layer++) {
      const table = tables[layer];
      if (table === undefined) continue;
      tables[layer] = undefined;
      out.peakStates = Math.max(out.peakStates, waiting);
      waiting -= table.size;
      out.states += table.size;
      expand(table);
      progress?.(layer, out.states);
    }
  } catch (e) {
    if (e !== TOO_MANY) throw e;
    return { why: `the exact pass would reach more than ${maxSteps.toLocaleString('en-US')} states (${(out.states + waiting).toLocaleString('en-US')} distinct ones by ${layer} cards taken from the deck)` };
  }
  for (const row of out.rows.values()) row.bust /= row.reach;
  return out;

  function expand(table: StateTable): void {
    lastLayer = table.size;
    const keys = table.ints;
    for (let i = 0, n = table.slots; i < n; i++) {
      const p = table.chanceAt(i);
      if (p === 0) continue;
      layout.unpack(keys, i * table.stride, f);
      expandOrDrop(f, p);
    }
  }

  /** A state of the layer: waiting work first (the sequence's next card, then the actions waiting, first in first out), else a decision. */
  function step(f: Int32Array, p: number, layer: number, dropDraw: boolean): void {
    for (;;) {
      if (f[SEQ] > 0) {
        f[SEQ]--;
        return draw(f, p, layer, true, 0, deckOf(f, here));
      }
      const a = f[QUEUE] & 7;
      if (a === 0) break;
      f[QUEUE] >>>= 3;
      if (a === Q.FREEZE) {
        if (freezeSelf) return end(scoreOf(f, false), p); // the player freezes itself: the round ends on its points
      } else if (a === Q.TRIPLE) f[SEQ] = r.tripleDrawCards;
      else if (a === Q.STORM) f[SEQ] = 1;
      else return crossroads(f, p, layer, 1);
    }
    // A decision: the strategy sees the row and the deck.
    const total = deckOf(f, here);
    rowOf(f, rowBuf, false);
    view.load(Decision.DRAW_STAY, rowBuf, here, rowPoints, rowHeld, rowDistinct, 0);
    viewLoads++;
    if (player.drawOrStay(view) === Answer.STAY) return end(rowPoints, p);
    if (dropDraw) {
      deckOf(f, decks[depth]);
      return drop(f, p, false);
    }
    const rowKey = rowDistinct * 65536 + rowPoints;
    for (let d = Math.min(rowDistinct, sevnDistinct); d >= 0 && rowTop[d] < rowPoints; d--) rowTop[d] = rowPoints;
    const row = out.rows.get(rowKey) ?? { reach: 0, bust: 0 };
    row.reach += p;
    if (f[SC_HELD] === 0) {
      let dups = 0;
      for (let c = 0; c < C; c++) if (numIdx[c] >= 0 && (f[HELD] >>> numIdx[c]) & 1) dups += here[c];
      row.bust += (p * dups) / total;
    }
    out.rows.set(rowKey, row);
    draw(f, p, layer, false, 0, total);
  }
}
