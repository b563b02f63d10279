/**
 * NextCard's cheap paths against the straightforward ones, on the positions of random games:
 * - the unseen cards kept from one decision to the next through the engine's view (deckEpoch,
 *   drawnAt) against counting them afresh through a view without those members;
 * - a row read from the engine's counters (rowCounterOf) against walking its cards;
 * - evaluate's deltas and the bust chance against cardDelta card by card and the duplicates counted
 *   here, for every seat's row (bonus cards, Ballast, Second Chance and busted rows included), and its
 *   gain (whose closed form sums the row cards without their deltas) against the deltas it leaves;
 * - exceeds against the expected gain it bounds, at margins near the gain, and the bound it uses
 *   (maxDelta) against the largest delta written;
 * - race's rule, which reads the opponents' stakes only when they can matter, against reading them all;
 * - the unseen total of an empty deck (every card off the table) against counting it code by code;
 * - the view's count of seats in the round (inRound, ev's othersInAtQuestion) against their statuses;
 * - ev's answers at three margins against its expected gain worked out the long way.
 * `nc` reads the thread's shared kept counts at every decision, `rare` keeps its own, read after gaps.
 * Several games per engine, so the deck is refilled, reshuffled and read after long gaps.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/rng.js';
import { Bonus, Kind } from '../../src/games/sevn/cards.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { type SevnRules, sevnPreset } from '../../src/games/sevn/rules.js';
import { Answer, Decision, RowCounter, Status, type SevnPlayer, type SevnView } from '../../src/games/sevn/view.js';
import { unseenDuplicates, unseenTotal } from '../../strategies/sevn/choices.js';
import { NextCard, othersIn, othersInAtQuestion } from '../../strategies/sevn/next-card.js';
import { bot } from './views.js';

/** The same view without the optional members: what a plugin's or a test's view offers. */
function plain(v: SevnView): SevnView {
  return {
    get rules() { return v.rules; }, get cards() { return v.cards; }, get decision() { return v.decision; },
    get seat() { return v.seat; }, get players() { return v.players; }, get dealer() { return v.dealer; },
    get round() { return v.round; }, get points() { return v.points; }, get distinct() { return v.distinct; },
    get held() { return v.held; }, get hasSecondChance() { return v.hasSecondChance; },
    get candidates() { return v.candidates; }, get card() { return v.card; }, get optionA() { return v.optionA; },
    get optionB() { return v.optionB; }, get status() { return v.status; }, get totals() { return v.totals; },
    get roundPoints() { return v.roundPoints; }, get distincts() { return v.distincts; },
    get heldMasks() { return v.heldMasks; }, get secondChances() { return v.secondChances; },
    get rows() { return v.rows; }, get rowLengths() { return v.rowLengths; }, get rowStride() { return v.rowStride; },
    get seen() { return v.seen; }, get deckSize() { return v.deckSize; }, get discardSize() { return v.discardSize; },
    statusOf: (s) => v.statusOf(s), totalOf: (s) => v.totalOf(s), roundPointsOf: (s) => v.roundPointsOf(s),
    rowLength: (s) => v.rowLength(s), rowCard: (s, i) => v.rowCard(s, i), seenOf: (c) => v.seenOf(c),
  };
}

type Fields = Record<string, unknown>;

/** race's rule (race.ts) with every opponent's round points read, as written before its shortcut. */
function raceRule(v: SevnView, q: { points: number; behind: number; ahead: number; stake: number; crowd: number; risk: number }): number {
  const me = v.seat;
  const myTotal = v.totalOf(me);
  const mine = myTotal + v.points;
  let bestFinal = -1;
  let bestOut = -1;
  let bestTotal = -1e9;
  let top = myTotal;
  let maxStake = 0;
  let inRound = 0;
  for (let t = 0; t < v.players; t++) {
    if (t === me) continue;
    const total = v.totalOf(t);
    if (total > top) top = total;
    const st = v.statusOf(t);
    const rp = st === Status.BUSTED ? 0 : v.roundPointsOf(t);
    const final = total + rp;
    if (final > bestFinal) bestFinal = final;
    if (total > bestTotal) bestTotal = total;
    if (st === Status.ACTIVE) {
      inRound++;
      if (rp > maxStake) maxStake = rp;
    } else if (st !== Status.BUSTED && final > bestOut) bestOut = final;
  }
  const target = v.rules.target;
  if (bestOut >= target && bestOut > mine) return Answer.DRAW;
  if (mine >= target && mine >= bestFinal) return Answer.STAY;
  const gap = v.players > 1 ? bestTotal - myTotal : 0;
  const progress = Math.min(1, top / target);
  const threshold = q.points + progress * (gap > 0 ? q.behind * gap : q.ahead * gap) + q.stake * maxStake + q.crowd * inRound;
  if (!(v.points < threshold)) return Answer.STAY;
  if (!v.hasSecondChance && v.held !== 0) {
    const total = unseenTotal(v);
    if (total > 0 && unseenDuplicates(v, v.held) / total > q.risk) return Answer.STAY;
  }
  return Answer.DRAW;
}

/** race settings whose thresholds bind often (low points, large stakes), with their specs. */
const RACES = [
  { points: 131.924, behind: 0.331337, ahead: 0.0285872, stake: 0.392562, crowd: 9.1022, risk: 0.238853 },
  { points: 20, behind: 0.5, ahead: 0.5, stake: 1, crowd: -5, risk: 0.4 },
  { points: 8, behind: 0, ahead: 1, stake: 0.25, crowd: 2, risk: 0.15 },
].map((q) => ({ q, spec: `race:${Object.entries(q).map(([k, x]) => `${k}=${x}`).join(',')}` }));
const ROW = ['sum', 'mult', 'plus', 'bonus', 'nonLow', 'mask', 'distinct', 'secondChance', 'busted', 'points'];
const UNSEEN = ['unseenTotal', 'numCount', 'numValues'];

/** Questions drawsSurely settled (a draw) in the random games: the check above is not idle. */
let quickDraws = 0;
/** Questions where drawsSurely left the counts and the row for loadRowRead (its check above is not idle either). */
let rowsRead = 0;
/** Draw-or-stay questions asked with nobody else in the round (where inRound > 0 and inRound > 1 differ). */
let aloneQuestions = 0;

/** Plays at random (draws 3 times in 4, random targets and picks) and checks NextCard at every decision. */
function checker(label: string, rng: Rng, every: number, failures: string[]): SevnPlayer {
  let nc: NextCard | null = null;
  let rare: NextCard | null = null;
  let fresh: NextCard | null = null;
  let decisions = 0;
  let races: { q: (typeof RACES)[number]['q']; player: SevnPlayer }[] | null = null;
  let evs: { margin: number; player: SevnPlayer }[] | null = null;
  let exact: NextCard | null = null;
  const check = (v: SevnView): void => {
    races ??= RACES.map(({ q, spec }) => ({ q, player: bot(spec, v.rules as SevnRules) }));
    evs ??= [-2, -10, 3].map((margin) => ({ margin, player: bot(`ev:margin=${margin}`, v.rules as SevnRules) }));
    exact ??= new NextCard(v.cards, false);
    nc ??= new NextCard(v.cards);
    rare ??= new NextCard(v.cards, false); // keeps its own counts: read after long gaps
    fresh ??= new NextCard(v.cards);
    const p = plain(v);
    const where = `${label} decision ${decisions} (deck ${v.deckSize})`;
    if (v.decision === Decision.DRAW_STAY) {
      // The view's count of seats in the round (ev's one read) against their statuses.
      let inRound = 0;
      for (let s = 0; s < v.players; s++) if (v.statusOf(s) === Status.ACTIVE) inRound++;
      if (v.inRound !== inRound || othersInAtQuestion(v) !== othersIn(v, v.seat)) failures.push(`${where}: inRound ${v.inRound}, ${inRound} seats in; others in ${String(othersInAtQuestion(v))}`);
      if (inRound === 1) aloneQuestions++;
      for (const r of races) {
        const a = r.player.drawOrStay(v);
        if (a !== raceRule(v, r.q)) failures.push(`${where}: race ${JSON.stringify(r.q)} answers ${a}, the full rule ${raceRule(v, r.q)}`);
      }
      // ev's whole question (drawsSurely, the row it read, exceeds) against the expected gain worked
      // out the long way, through a view without the optional members.
      exact.loadUnseen(p);
      exact.loadRow(p, v.seat);
      const g = exact.expectedGain(othersIn(v, v.seat));
      for (const e of evs) {
        const a = e.player.drawOrStay(v);
        if (a !== (g > e.margin ? Answer.DRAW : Answer.STAY)) failures.push(`${where}: ev margin ${e.margin} answers ${a}, gain ${g}`);
      }
      // ev's first check in one call against the long way: the row loaded, then surelyDraws (which
      // also knows the Featherweight case, where drawsSurely says it does not: -1).
      if (othersIn(v, v.seat) && v.deckSize > 0 && nc.rowCardsNonNegative) {
        const quick = nc.drawsSurely(v);
        if (nc.countsAndRow) {
          // What ev then reads without loading again (loadRowRead): the counts current, the row as loadRow reads it.
          nc.loadRowRead(v);
          const got = nc as unknown as Fields;
          const want = exact as unknown as Fields;
          for (const f of ['numCount', 'numValues', 'unseenTotal', 'sum', 'mult', 'plus', 'bonus', 'nonLow', 'mask', 'distinct', 'secondChance', 'points', 'busted']) {
            if (got[f] !== want[f]) failures.push(`${where}: after drawsSurely ${f} ${String(got[f])}, loaded afresh ${String(want[f])}`);
          }
          rowsRead++;
        }
        nc.loadNumbers(v);
        nc.loadRow(v, v.seat);
        const long = nc.surelyDraws(-2) ? 1 : 0;
        if (quick !== ((nc.bonus & Bonus.FEATHERWEIGHT) !== 0 ? -1 : long)) failures.push(`${where}: drawsSurely ${quick}, surelyDraws ${long}`);
        else if (quick === 1) quickDraws++;
      }
    }
    if (v.deckSize > 0 && v.drawnAt!(v.deckSize - 1) !== -1) failures.push(`${where}: drawnAt shows a card still in the deck`);
    const loaded = [nc];
    if (decisions++ % every === 0) loaded.push(rare); // read after a long gap
    fresh.loadUnseen(p);
    // The empty deck's unseen total (race's bust cap, the gift) against counting every code off the table.
    const empty = Object.create(p, { deckSize: { value: 0 } }) as SevnView;
    let off = 0;
    for (let c = 0; c < v.cards.codes; c++) {
      off += v.cards.copies[c];
      for (let s = 0; s < v.players; s++) for (let i = 0; i < v.rowLength(s); i++) if (v.rowCard(s, i) === c) off--;
    }
    if (unseenTotal(empty) !== off) failures.push(`${where}: unseenTotal of an empty deck ${unseenTotal(empty)}, counted ${off}`);
    for (const k of loaded) {
      k.loadUnseen(v);
      const a = k as unknown as Fields;
      const b = fresh as unknown as Fields;
      for (const f of UNSEEN) if (a[f] !== b[f]) failures.push(`${where}: ${f} ${String(a[f])} kept, ${String(b[f])} counted`);
      for (let c = 0; c < v.cards.codes; c++) if (k.unseen[c] !== fresh.unseen[c]) failures.push(`${where}: unseen[${c}] ${k.unseen[c]} kept, ${fresh.unseen[c]} counted`);
    }
    for (let s = 0; s < v.players; s++) {
      nc.loadRow(v, s);
      fresh.loadRowCards(p, s);
      const a = nc as unknown as Fields;
      const b = fresh as unknown as Fields;
      for (const f of ROW) if (a[f] !== b[f]) failures.push(`${where} seat ${s}: ${f} ${String(a[f])} from counters, ${String(b[f])} from cards`);
      nc.expectedGain(true, true); // leaves every unseen card's value in delta
      // The gain (worked out without the row cards' deltas: rowCardsSum) against the deltas it leaves.
      let weighed = 0;
      for (let c = 0; c < v.cards.codes; c++) if (nc.unseen[c] > 0) weighed += nc.unseen[c] * nc.delta[c];
      if (nc.unseenTotal > 0 && Math.abs(weighed / nc.unseenTotal - nc.gain) > 1e-9 * (1 + Math.abs(nc.gain))) failures.push(`${where} seat ${s}: gain ${nc.gain}, from the deltas ${weighed / nc.unseenTotal}`);
      let dup = 0;
      for (let c = 0; c < v.cards.codes; c++) {
        const k = nc.unseen[c];
        if (k === 0) continue;
        const kind = v.cards.kind[c];
        if (kind === Kind.NUMBER && ((nc.mask >>> v.cards.value[c]) & 1) !== 0) dup += k;
        // Number cards' deltas are worked out one by one in the general case (a bonus card held or a
        // raw score below 0); the closed form of the others leaves them out, and values a busted
        // row's cards as a live row's (the bots never ask it about a busted row).
        const general = nc.bonus !== 0 || nc.sum * nc.mult + nc.plus < 0;
        const acts = (general || !nc.busted) && ((kind === Kind.NUMBER && general) || kind === Kind.BALLAST || kind === Kind.MULTIPLY || kind === Kind.ADD || kind === Kind.FEATHERWEIGHT || kind === Kind.HEAVYWEIGHT || kind === Kind.LADDER);
        if (acts && !Object.is(nc.delta[c], nc.cardDelta(c))) failures.push(`${where} seat ${s}: delta[${c}] ${nc.delta[c]}, cardDelta ${nc.cardDelta(c)}`);
      }
      const bust = nc.secondChance ? 0 : dup / nc.unseenTotal;
      if (nc.unseenTotal > 0 && nc.bust !== bust) failures.push(`${where} seat ${s}: bust ${nc.bust}, counted ${bust}`);
      // maxDelta (worked out without the row cards' deltas written) against the largest delta written.
      for (const others of [true, false]) {
        nc.evaluate(others, false);
        const most = (nc as unknown as { maxDelta(): number }).maxDelta();
        nc.fillDeltas();
        let largest = 0;
        for (let c = 0; c < v.cards.codes; c++) if (nc.unseen[c] > 0 && nc.delta[c] > largest) largest = nc.delta[c];
        if (most !== largest) failures.push(`${where} seat ${s}: maxDelta ${most}, largest delta ${largest}`);
      }
      // exceeds (its Crossroads term bounded first, by maxDelta's shortcut) against the gain itself.
      for (const others of [true, false]) {
        const g = nc.expectedGain(others);
        for (const m of [g - 2, g - 1e-9, g, g + 1e-9, g + 2]) {
          if (nc.exceeds(others, m) !== g > m) failures.push(`${where} seat ${s}: exceeds(${String(others)}, ${m}) ${String(!(g > m))}, gain ${g}`);
        }
      }
    }
  };
  const pick = (v: SevnView): number => {
    const seats: number[] = [];
    for (let s = 0; s < v.players; s++) if ((v.candidates >>> s) & 1) seats.push(s);
    return seats[rng.below(seats.length)];
  };
  return {
    label,
    drawOrStay: (v) => (check(v), rng.below(4) === 0 ? 0 : 1),
    freezeTarget: (v) => (check(v), pick(v)),
    tripleDrawTarget: (v) => (check(v), pick(v)),
    secondChanceTo: (v) => (check(v), pick(v)),
    crossroads: (v) => (check(v), rng.below(2)),
    ballast: (v) => (check(v), rng.below(2)),
  };
}

describe('NextCard: kept counts and counters give the straightforward answers', () => {
  it('on random 4-player games (sevn and flip7 presets, several games per engine)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom('sevn', 'flip7'), fc.integer({ min: 2, max: 4 }), (seed, preset, players) => {
        const rules = { ...sevnPreset(preset), target: 120 };
        const e = new SevnEngine(rules);
        const failures: string[] = [];
        const rng = new Rng(`kept ${seed}`);
        const seats = Array.from({ length: players }, (_, s) => checker(`seat ${s}`, rng, 5 + s * 4, failures));
        for (let g = 0; g < 2; g++) e.playGame(seats, rng);
        expect(failures.slice(0, 5)).toEqual([]);
      }),
      { numRuns: 12 },
    );
    expect(quickDraws).toBeGreaterThan(50);
    expect(rowsRead).toBeGreaterThan(50);
    expect(aloneQuestions).toBeGreaterThan(20);
  });
});

describe("the view's rowCounterOf (a row counter read where the engine keeps it)", () => {
  it('every counter of two rows, worked by hand on a stacked round', () => {
    const e = new SevnEngine(sevnPreset('sevn'));
    // Two seats: dealt 9 (seat 1), then 4 (seat 0); seat 0 stays, seat 1 draws x2, +4, a Second Chance, then stays.
    e.stackDeck(['9', '4', 'x2', '+4', 'SecondChance'].map((n) => e.cards.code(n)));
    const read: number[][] = [];
    let points: number[] = [];
    const looks = (): SevnPlayer => ({
      label: 'looks',
      drawOrStay: (v) => {
        if (v.seat === 0) return Answer.STAY;
        if (v.deckSize > 115) return Answer.DRAW;
        const counters = [RowCounter.STATUS, RowCounter.MASK, RowCounter.SUM, RowCounter.DISTINCT, RowCounter.NONLOW, RowCounter.MULT, RowCounter.PLUS, RowCounter.BONUS, RowCounter.SC, 9, -1];
        for (const s of [0, 1]) read.push(counters.map((k) => v.rowCounterOf!(s, k)));
        points = [v.points, v.roundPointsOf(1)];
        return Answer.STAY;
      },
      freezeTarget: () => 0,
      tripleDrawTarget: () => 0,
      secondChanceTo: () => 0,
      crossroads: () => 0,
      ballast: () => 0,
    });
    e.playRound([looks(), looks()], new Rng('row counters'));
    // Seat 0 stayed on a 4; seat 1 holds 9, x2, +4 and a Second Chance: 9 x 2 + 4 = 22. Past SC: 0.
    expect(read).toEqual([
      [Status.STAYED, 1 << 4, 4, 1, 0, 1, 0, 0, 0, 0, 0],
      [Status.ACTIVE, 1 << 9, 9, 1, 0, 2, 4, 0, 1, 0, 0],
    ]);
    expect(points).toEqual([22, 22]);
  });
});
