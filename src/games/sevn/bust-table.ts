/**
 * Exact bust chances of a SEVN row, and the bust table of a solo strategy.
 *
 * A row: its held number values, its kept Ballast values and whether it holds a Second Chance. The
 * unseen cards (what the next card is drawn from, uniformly) default to the full deck less the row;
 * `parseUnseen` overrides the counts of some cards.
 *
 * - `bustNext`: the chance that the next card busts: 0 with a Second Chance held, else the unseen copies
 *   of held number values over all unseen cards.
 * - `bustTripleDraw`: the chance of busting within a Triple Draw dealt to this row: up to
 *   `rules.tripleDrawCards` (3) cards drawn one at a time without replacement from the unseen cards,
 *   stopping at a bust or a SEVN. Within the sequence: a new number value joins the row (and ends the
 *   sequence with a SEVN when the row reaches `sevn.distinct` values); a duplicate busts unless the row
 *   holds a Second Chance, which then cancels it (both discarded) and the sequence goes on; a Second
 *   Chance drawn is held when the row has none (else given away: no effect on the row); a Ballast card
 *   is kept only when it completes a SEVN (the default `ballast=sevn` choice) and otherwise discarded,
 *   so it never busts; every other card (modifiers, bonus cards, Freeze, Triple Draw, Crossroads, Storm,
 *   which wait in the queue during a Triple Draw) has no effect on the bust. If the unseen cards run out,
 *   the sequence ends without a bust (the engine would reshuffle the discard pile; not modelled).
 *   `sevnTripleDraw` is the chance the sequence ends in a SEVN.
 *
 * The full table (no held row): for a solo strategy on a number-only deck, the exact chance that each
 * held set is reached at a draw, keyed by (distinct values, round points), and the next-draw bust chance
 * averaged over the held sets weighted by that chance; beside it the rate measured in simulation by the
 * real engine (`SevnEngine`, solo rounds from a fresh deck). On decks with other cards only the
 * simulated columns are filled (the exact columns are NaN).
 */
import { UserError } from '../../engine/errors.js';
import { parseSpec, resolveParams } from '../../engine/params.js';
import { Rng, STREAM_DECK, STREAM_STRATEGY } from '../../engine/rng.js';
import { SEVN_STRATEGIES } from '../../../strategies/sevn/index.js';
import { K_NUMBER } from './cards.js';
import { SevnEngine } from './engine.js';
import { E_DRAW } from './events.js';
import { maskSum, otherCards, popcount, soloReach } from './exact.js';
import { makeSevnPlayers } from './index.js';
import type { SevnRules } from './rules.js';
import { cachedSevnSolution } from './solver.js';
import { DRAW, type SevnPlayer } from './view.js';

export interface HeldRow {
  /** Held number values (distinct). */
  numbers: number[];
  /** Kept Ballast values (negative, distinct). */
  ballast: number[];
  secondChance: boolean;
}

/** Unseen card counts: per number value 0..30, Second Chance cards, Ballast cards (none held), all other cards. */
export interface UnseenCards {
  numbers: number[];
  secondChance: number;
  ballast: number;
  other: number;
}

export interface RowBust {
  held: number[];
  ballast: number[];
  secondChance: boolean;
  unseenTotal: number;
  /** Unseen copies of held number values. */
  unseenDuplicates: number;
  bustNext: number;
  tripleDrawCards: number;
  bustTripleDraw: number;
  sevnTripleDraw: number;
}

const copiesOf = (r: SevnRules, v: number): number => r.numbers.find((n) => n.value === v)?.copies ?? 0;

/** `--held 13,12,-2`: number values and (negative) kept Ballast values, each at most once and in the deck. */
export function parseHeld(r: SevnRules, text: string, secondChance = false): HeldRow {
  const row: HeldRow = { numbers: [], ballast: [], secondChance };
  const t = text.trim();
  if (t === '') return row;
  for (const part of t.split(',')) {
    const s = part.trim();
    if (!/^-?\d+$/.test(s)) throw new UserError(`--held ${text}: "${s}" is not an integer card value (e.g. --held 13,12,5; negative values are Ballast)`);
    const v = Number(s);
    if (v >= 0) {
      if (copiesOf(r, v) === 0) throw new UserError(`--held ${text}: the deck of rules "${r.name}" has no number card ${v} (values: ${r.numbers.filter((n) => n.copies > 0).map((n) => n.value).join(', ')})`);
      if (row.numbers.includes(v)) throw new UserError(`--held ${text}: ${v} is listed twice (a row holds each value once; a duplicate is a bust)`);
      row.numbers.push(v);
    } else {
      if (!r.ballast.includes(v)) throw new UserError(`--held ${text}: the deck of rules "${r.name}" has no Ballast card ${v} (Ballast: ${r.ballast.join(', ') || 'none'})`);
      if (row.ballast.includes(v)) throw new UserError(`--held ${text}: Ballast ${v} is listed twice`);
      row.ballast.push(v);
    }
  }
  row.numbers.sort((a, b) => a - b);
  if (row.numbers.length + row.ballast.length >= r.sevn.distinct) {
    throw new UserError(`--held ${text}: ${row.numbers.length + row.ballast.length} distinct values already make a SEVN (${r.sevn.distinct}); the round is over`);
  }
  if (secondChance && r.actions.secondChance === 0) throw new UserError(`--second-chance: the deck of rules "${r.name}" has no Second Chance card`);
  return row;
}

/** The full deck less the row's cards. */
export function defaultUnseen(r: SevnRules, row: HeldRow): UnseenCards {
  const numbers = new Array<number>(31).fill(0);
  for (const n of r.numbers) numbers[n.value] = n.copies;
  for (const v of row.numbers) numbers[v]--;
  const ballast = r.ballast.length - row.ballast.length;
  const secondChance = r.actions.secondChance - (row.secondChance ? 1 : 0);
  const other = otherCards(r) - r.ballast.length - r.actions.secondChance;
  return { numbers, secondChance, ballast, other };
}

/**
 * `--unseen 13:5,12:0,sc:1,ballast:0,other:20`: comma-separated `card:count` pairs replacing the unseen
 * count of those cards (a number value, `sc` for Second Chance, `ballast` for Ballast cards, `other` for
 * every other card); the rest stay as in the full deck less the row. A count may not exceed what the
 * deck less the row holds.
 */
export function parseUnseen(r: SevnRules, row: HeldRow, text: string): UnseenCards {
  const u = defaultUnseen(r, row);
  const max = defaultUnseen(r, row);
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const m = /^\s*([a-z]+|\d+)\s*:\s*(\d+)\s*$/.exec(part);
    if (!m) throw new UserError(`--unseen ${text}: "${part.trim()}" is not card:count (e.g. --unseen 13:5,12:0,sc:1,other:20; cards are number values, sc, ballast, other)`);
    const [, card, countText] = m;
    const count = Number(countText);
    if (seen.has(card)) throw new UserError(`--unseen ${text}: ${card} is listed twice`);
    seen.add(card);
    const check = (limit: number, what: string): number => {
      if (count > limit) throw new UserError(`--unseen ${text}: ${count} unseen ${what}, but the deck less the row holds only ${limit}`);
      return count;
    };
    if (card === 'sc') u.secondChance = check(max.secondChance, 'Second Chance cards');
    else if (card === 'ballast') u.ballast = check(max.ballast, 'Ballast cards');
    else if (card === 'other') u.other = check(max.other, 'other cards (modifiers, bonus cards, Freeze, Triple Draw, Crossroads, Storm)');
    else if (/^\d+$/.test(card)) {
      const v = Number(card);
      if (v > 30 || copiesOf(r, v) === 0) throw new UserError(`--unseen ${text}: the deck of rules "${r.name}" has no number card ${v}`);
      u.numbers[v] = check(max.numbers[v], `${v} cards`);
    } else throw new UserError(`--unseen ${text}: unknown card "${card}" (number values, sc, ballast, other)`);
  }
  if (unseenTotal(u) === 0) throw new UserError(`--unseen ${text}: no unseen cards left to draw`);
  return u;
}

export const unseenTotal = (u: UnseenCards): number => u.numbers.reduce((a, b) => a + b, 0) + u.secondChance + u.ballast + u.other;

/** The exact next-card and Triple Draw bust chances of a row (see the module comment). */
export function rowBust(r: SevnRules, row: HeldRow, unseen: UnseenCards = defaultUnseen(r, row), cards = r.tripleDrawCards): RowBust {
  const total = unseenTotal(unseen);
  let dup = 0;
  for (const v of row.numbers) dup += unseen.numbers[v];
  const mask0 = row.numbers.reduce((m, v) => m | (1 << v), 0);
  const within = bustWithin(r, mask0, row.numbers.length + row.ballast.length, row.secondChance, unseen, cards);
  return {
    held: row.numbers,
    ballast: row.ballast,
    secondChance: row.secondChance,
    unseenTotal: total,
    unseenDuplicates: dup,
    bustNext: row.secondChance || total === 0 ? 0 : dup / total,
    tripleDrawCards: cards,
    bustTripleDraw: within.bust,
    sevnTripleDraw: within.sevn,
  };
}

/**
 * Chance of busting, and of reaching a SEVN, within up to `cards` cards drawn one at a time (the
 * Triple Draw sequence of the module comment), from the row (mask, distinct count, Second Chance).
 * Exact recursion over the cards drawn, memoised on everything that determines the rest.
 */
export function bustWithin(r: SevnRules, mask0: number, distinct0: number, sc0: boolean, unseen: UnseenCards, cards: number): { bust: number; sevn: number } {
  const u = { numbers: unseen.numbers.slice(), secondChance: unseen.secondChance, ballast: unseen.ballast, other: unseen.other };
  const target = r.sevn.distinct;
  const memo = new Map<string, [number, number]>();
  const cancelled: number[] = [];
  let scDrawn = 0;
  let ballastDrawn = 0;
  let otherDrawn = 0;
  const go = (k: number, mask: number, distinct: number, sc: boolean): [number, number] => {
    if (k === 0) return [0, 0];
    const total = unseenTotal(u);
    if (total === 0) return [0, 0];
    const key = `${k}|${mask}|${distinct}|${sc ? 1 : 0}|${scDrawn}|${ballastDrawn}|${otherDrawn}|${[...cancelled].sort((a, b) => a - b).join('.')}`;
    const hit = memo.get(key);
    if (hit) return hit;
    let bust = 0;
    let sevn = 0;
    for (let v = 0; v < 31; v++) {
      const n = u.numbers[v];
      if (n === 0) continue;
      const p = n / total;
      u.numbers[v]--;
      if ((mask >>> v) & 1) {
        if (!sc) bust += p;
        else {
          cancelled.push(v);
          const [b, s] = go(k - 1, mask, distinct, false);
          cancelled.pop();
          bust += p * b;
          sevn += p * s;
        }
      } else if (distinct + 1 >= target) sevn += p;
      else {
        const [b, s] = go(k - 1, mask | (1 << v), distinct + 1, sc);
        bust += p * b;
        sevn += p * s;
      }
      u.numbers[v]++;
    }
    if (u.secondChance > 0) {
      const p = u.secondChance / total;
      u.secondChance--;
      scDrawn++;
      const [b, s] = go(k - 1, mask, distinct, true);
      scDrawn--;
      u.secondChance++;
      bust += p * b;
      sevn += p * s;
    }
    if (u.ballast > 0) {
      const p = u.ballast / total;
      if (distinct + 1 >= target) sevn += p; // kept: completes the SEVN
      else {
        u.ballast--;
        ballastDrawn++;
        const [b, s] = go(k - 1, mask, distinct, sc);
        ballastDrawn--;
        u.ballast++;
        bust += p * b;
        sevn += p * s;
      }
    }
    if (u.other > 0) {
      const p = u.other / total;
      u.other--;
      otherDrawn++;
      const [b, s] = go(k - 1, mask, distinct, sc);
      otherDrawn--;
      u.other++;
      bust += p * b;
      sevn += p * s;
    }
    const out: [number, number] = [bust, sevn];
    memo.set(key, out);
    return out;
  };
  return (() => {
    const [bust, sevn] = go(cards, mask0, distinct0, sc0);
    return { bust, sevn };
  })();
}

// ---- The full table ---------------------------------------------------------------------------

/**
 * The draw decision of a strategy on a solo number-only round as a function of the held set, when it
 * is one: stay-at, stay-at-cards, bust-cap (from the full deck less the row, which is what the deck
 * holds in a solo round) and optimal-solo. Null for any other strategy (random: no exact table).
 */
export function soloDrawRule(r: SevnRules, spec: string): ((mask: number) => boolean) | null {
  const { s, params } = checkSevnSpec(spec);
  switch (s.name) {
    case 'stay-at': {
      const points = params.points as number;
      return (mask) => maskSum(mask) < points;
    }
    case 'stay-at-cards': {
      const cards = params.cards as number;
      return (mask) => popcount(mask) < cards;
    }
    case 'bust-cap': {
      const p = params.p as number;
      const copies = new Array<number>(31).fill(0);
      let total = 0;
      for (const n of r.numbers) {
        copies[n.value] = n.copies;
        total += n.copies;
      }
      return (mask) => {
        let dup = 0;
        for (let v = 0; v < 31; v++) if ((mask >>> v) & 1) dup += copies[v] - 1;
        return !(dup > p * (total - popcount(mask)));
      };
    }
    case 'optimal-solo':
      return cachedSevnSolution(r).shouldDraw;
    default:
      return null;
  }
}

function checkSevnSpec(spec: string): { s: ReturnType<typeof parseSpec>; params: ReturnType<typeof resolveParams> } {
  const s = parseSpec(spec);
  const def = SEVN_STRATEGIES.find((d) => d.name === s.name);
  if (!def) throw new UserError(`unknown SEVN strategy "${s.name}" (strategies: ${SEVN_STRATEGIES.map((d) => d.name).join(', ')})`);
  return { s, params: resolveParams(s.name, def.params, s.raw) };
}

export interface BustTableRow {
  distinct: number;
  points: number;
  /** Exact chance per round that the strategy draws at this state (NaN when not computed exactly). */
  reach: number;
  /** Exact next-draw bust chance, averaged over the held sets of this state weighted by reach (NaN idem). */
  bustExact: number;
  /** Simulation: rounds, draws at this state, busts on those draws. */
  simRounds: number;
  simDraws: number;
  simBusts: number;
  /** simBusts / simDraws and its binomial standard error (NaN without draws). */
  simRate: number;
  simSe: number;
}

export interface BustTableOptions {
  /** Solo strategy spec (default `stay-at:points=25`). */
  strategy: string;
  /** Simulated solo rounds (0: exact only). */
  rounds: number;
  seed: number;
}

export interface BustTable {
  rules: string;
  strategy: string;
  /** True when the exact columns are filled (number-only deck and a strategy with an exact draw rule). */
  exact: boolean;
  rounds: number;
  seed: number;
  rows: BustTableRow[];
}

const key = (distinct: number, points: number): number => distinct * 65536 + points;

/** Exact: per (distinct, points) the reach of draws and the reach-weighted next-draw bust chance. */
export function exactBustTable(r: SevnRules, draws: (mask: number) => boolean): Map<number, { reach: number; bust: number }> {
  const copies = new Array<number>(31).fill(0);
  let total = 0;
  for (const n of r.numbers) {
    copies[n.value] = n.copies;
    total += n.copies;
  }
  const out = new Map<number, { reach: number; bust: number }>();
  for (const [mask, p] of soloReach(r, draws)) {
    if (!draws(mask)) continue;
    let dup = 0;
    for (let v = 0; v < 31; v++) if ((mask >>> v) & 1) dup += copies[v] - 1;
    const k = key(popcount(mask), maskSum(mask));
    const e = out.get(k) ?? { reach: 0, bust: 0 };
    e.reach += p;
    e.bust += (p * dup) / (total - popcount(mask));
    out.set(k, e);
  }
  for (const e of out.values()) e.bust /= e.reach;
  return out;
}

/**
 * Simulation by the real engine: solo rounds of `strategy` from a fresh deck; at each decision to draw,
 * the state (distinct values, round points) and whether the card the engine then deals is a number the
 * row holds (without a Second Chance): a bust on that draw.
 */
export function simulateBustTable(r: SevnRules, strategy: string, rounds: number, seed: number): Map<number, { draws: number; busts: number }> {
  const engine = new SevnEngine(r);
  const stratRng = new Rng();
  stratRng.reseed(seed, 0, STREAM_STRATEGY, 0);
  const [inner] = makeSevnPlayers(r, engine.cards, [strategy], [stratRng]);
  const out = new Map<number, { draws: number; busts: number }>();
  let pending = -1; // key of the state of a draw decision awaiting its card
  let heldAtDraw = 0;
  let scAtDraw = false;
  const player: SevnPlayer = {
    label: inner.label,
    drawOrStay(v) {
      const a = inner.drawOrStay(v);
      if (a === DRAW) {
        pending = key(v.distinct, v.points);
        heldAtDraw = v.held;
        scAtDraw = v.hasSecondChance;
      }
      return a;
    },
    freezeTarget: (v) => inner.freezeTarget(v),
    tripleDrawTarget: (v) => inner.tripleDrawTarget(v),
    crossroads: (v) => inner.crossroads(v),
    ballast: (v) => inner.ballast(v),
    secondChanceTo: (v) => inner.secondChanceTo(v),
  };
  const cards = engine.cards;
  engine.tracer = {
    event(ev, _seat, card) {
      if (ev !== E_DRAW || pending < 0) return;
      const bust = !scAtDraw && cards.kind[card] === K_NUMBER && ((heldAtDraw >>> cards.value[card]) & 1) === 1;
      let e = out.get(pending);
      if (!e) {
        e = { draws: 0, busts: 0 };
        out.set(pending, e);
      }
      e.draws++;
      if (bust) e.busts++;
      pending = -1;
    },
  };
  const deck = new Rng();
  deck.reseed(seed, 0, STREAM_DECK);
  const players = [player];
  for (let i = 0; i < rounds; i++) engine.playRound(players, deck);
  return out;
}

/** The full bust table: exact beside simulated, rows by distinct values then points. */
export function bustTable(r: SevnRules, o: BustTableOptions): BustTable {
  if (!Number.isSafeInteger(o.rounds) || o.rounds < 0) throw new UserError(`--rounds: expected a non-negative integer, got ${o.rounds}`);
  if (!Number.isSafeInteger(o.seed)) throw new UserError(`--seed: expected an integer, got ${o.seed}`);
  checkSevnSpec(o.strategy);
  const rule = otherCards(r) === 0 ? soloDrawRule(r, o.strategy) : null;
  const exact = rule ? exactBustTable(r, rule) : new Map<number, { reach: number; bust: number }>();
  const sim = o.rounds > 0 ? simulateBustTable(r, o.strategy, o.rounds, o.seed) : new Map<number, { draws: number; busts: number }>();
  const keys = [...new Set([...exact.keys(), ...sim.keys()])].sort((a, b) => a - b);
  const rows = keys.map((k): BustTableRow => {
    const e = exact.get(k);
    const s = sim.get(k);
    const draws = s?.draws ?? 0;
    const busts = s?.busts ?? 0;
    const rate = draws > 0 ? busts / draws : NaN;
    return {
      distinct: Math.floor(k / 65536), points: k % 65536,
      reach: rule ? e?.reach ?? 0 : NaN, bustExact: rule ? e?.bust ?? NaN : NaN,
      simRounds: o.rounds, simDraws: draws, simBusts: busts, simRate: rate, simSe: draws > 0 ? Math.sqrt((rate * (1 - rate)) / draws) : NaN,
    };
  });
  return { rules: r.name, strategy: o.strategy, exact: rule !== null, rounds: o.rounds, seed: o.seed, rows };
}
