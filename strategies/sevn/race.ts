/**
 * `race`: a stay threshold that moves with the race to the target, and knows how the game ends.
 *
 * In a round that can end the game, two rules come first (totals are the totals before this round;
 * an opponent's "final" is its total plus its round points, or its total alone once busted):
 * 1. An opponent who has left the round (stayed or frozen) with a final at or above the target and
 *    above its own total + round points would win if it stayed now: it draws on, whatever the risk.
 * 2. If its total + round points reach the target and no opponent's final is higher, staying now wins
 *    or ties for the lead at or above the target: it stays.
 * Otherwise it draws while its round points are below
 *   T = points + progress x (behind x max(0, gap) - ahead x max(0, -gap))
 *       + stake x (most round points at stake among opponents still in) + crowd x (opponents still in)
 * and the exact chance that its next card busts is at most `risk`. gap = the best opponent's total
 * minus its own; progress = the highest total / target (at most 1), so the lead matters more as the
 * game nears its end (0 in round mode, where totals are 0). Six numeric parameters with ranges made
 * for `tune`; the card choices default to the situation-aware ones.
 *
 * The defaults are the answer of `sevensim tune --game sevn --mode game --strategy race --start
 * race:points=79.1862,behind=0.0108514,ahead=0.196272,stake=0.470479,crowd=-7.66588,risk=0.222166
 * --field ev --field ev --field ev --method cmaes --budget 600000 --seed 2020` (CMA-ES on the win share
 * in 4-player `sevn` games against three `ev`; the start was the previous tune's answer, made when
 * `points` ended at 79 of a range that stopped at 80, since widened to 150): on 30,000 confirmation
 * games that neither the search nor the choice saw it won 0.2639 of them (95% CI [0.2589, 0.2689];
 * level play is 0.25) against the start's 0.2547, paired difference +0.0092, 95% CI [0.0040,
 * 0.0144]. With a base threshold of 132 that rises 9 points per opponent still in, the threshold
 * rarely binds: the bust cap of 24% decides most stops, the totals and the stakes the rest.
 * scripts/strategy-study.mjs runs this tune and docs/STRATEGY.md reprints it.
 */
import { Answer, Status, type SevnStrategy, type SevnStrategyDef, type SevnView } from '../../src/games/sevn/view.js';
import { defineParams, num, withDefaults } from '../../src/engine/params.js';
import { AWARE_CHOICES, CHOICES, cardChoices, unseenDuplicates, unseenTotal } from './choices.js';
import { LAST_SEAT, LastSeatPlay } from './last-seat-play.js';

/**
 * The most unseen duplicates of `held` there can be: each held value's copies less the one on its own
 * row (a card on the table is seen). When even these are few enough, the exact count, which needs the
 * per-card `seen` counts (the dearest part of the view to read: a copy over every card code), is not
 * needed: x <= y gives x / total <= y / total in floating point too, so the answer is unchanged.
 */
function mostDuplicates(v: SevnView, held: number): number {
  const cards = v.cards;
  let most = 0;
  for (let m = held; m !== 0; m &= m - 1) most += cards.copies[cards.numberCode[31 - Math.clz32(m & -m)]] - 1;
  return most;
}

/** The highest final among `me`'s opponents: total + round points (a busted one: its total). */
function finals(v: SevnView, me: number): number {
  let best = -1;
  for (let t = 0; t < v.players; t++) {
    if (t === me) continue;
    const final = v.totalOf(t) + (v.statusOf(t) === Status.BUSTED ? 0 : v.roundPointsOf(t));
    if (final > best) best = final;
  }
  return best;
}

/** The most round points at stake among `me`'s opponents still in the round (0 without any). */
function maxStake(v: SevnView, me: number): number {
  let most = 0;
  for (let t = 0; t < v.players; t++) {
    if (t === me || v.statusOf(t) !== Status.ACTIVE) continue;
    const rp = v.roundPointsOf(t);
    if (rp > most) most = rp;
  }
  return most;
}

/**
 * R4: whether the exact chance that the next card busts `held` exceeds `risk` (no Second Chance
 * held, held !== 0), as `rule` decides it: both the most duplicates and the unseen ones over the
 * unseen total above `risk`. With a non-empty deck the unseen ones alone decide: each held value's
 * card is on the table, so seen (every card drawn, and at a reshuffle every card left out of the
 * deck) counts it, unseen <= most, and x <= y gives x / total <= y / total in floating point too.
 */
function bustsOver(v: SevnView, held: number, risk: number): boolean {
  const total = v.deckSize;
  if (total <= 0) return bustsOverEmpty(v, held, risk);
  const cards = v.cards;
  const copies = cards.copies;
  const numberCode = cards.numberCode;
  let bad = 0;
  for (let m = held; m !== 0; m &= m - 1) {
    const c = numberCode[31 - Math.clz32(m & -m)];
    bad += copies[c] - v.seenOf(c);
  }
  return bad / total > risk;
}

/** bustsOver with an empty deck (rare: out of line, so that the check itself is small enough for V8 to inline into the turn loop). */
function bustsOverEmpty(v: SevnView, held: number, risk: number): boolean {
  const all = unseenTotal(v);
  return all > 0 && mostDuplicates(v, held) / all > risk && unseenDuplicates(v, held) / all > risk;
}

/** R1: whether an opponent out of the round (stayed or frozen) has a final at or above the target and above `mine`. */
function outWins(v: SevnView, me: number, mine: number, target: number): boolean {
  let bestOut = -1;
  for (let t = 0; t < v.players; t++) {
    if (t === me) continue;
    const st = v.statusOf(t);
    if (st === Status.ACTIVE || st === Status.BUSTED) continue;
    const final = v.totalOf(t) + v.roundPointsOf(t);
    if (final > bestOut) bestOut = final;
  }
  return bestOut >= target && bestOut > mine;
}

const PARAMS = defineParams({
  points: num(5, 150, 131.924, 'stay threshold (round points) in a level game'),
  behind: num(0, 1, 0.331337, 'threshold raised per point the best opponent leads (times game progress)'),
  ahead: num(0, 1, 0.0285872, 'threshold lowered per point it leads the best opponent (times game progress)'),
  stake: num(0, 1, 0.392562, 'threshold raised per round point the best opponent still in has at stake'),
  crowd: num(-10, 10, 9.1022, 'threshold change per opponent still in the round'),
  risk: num(0, 1, 0.238853, 'stays when the exact bust chance of the next card exceeds this'),
  ...withDefaults(CHOICES, AWARE_CHOICES),
  ...LAST_SEAT,
});

export const race: SevnStrategyDef<typeof PARAMS> = {
  name: 'race',
  doc: 'Game-aware threshold: the stay threshold moves with the totals, the target, the opponents still in and the bust chance; stays when staying wins, draws when staying loses.',
  params: PARAMS,
  create: (params, ctx) => {
    const last = params.exact === 'last' ? new LastSeatPlay(ctx.rules, ctx.cards, true) : null;
    const { points, behind, ahead, stake, crowd, risk } = params;
    const target = ctx.rules.target;
    /**
     * What the question path reads, in one object's fields: V8 checks a closure's let or const for the
     * hole (its temporal dead zone) at every read from an inner function, and unboxes a double held
     * there each time; an object's fields are read after one map check, and a double field is stored
     * in place (a double in a closure's variable is a new heap number at every store: npm run bench
     * counted 27 collections on 4 x race against 6 before the floor was cached out of one).
     * `floor` starts as a double, so that the field holds doubles from the first store.
     */
    const k = { last, risk, stake, points, behind, ahead, crowd, target, floorEpoch: -1, floorRound: -1, floorSeat: -1, floor: 0.5 };

    /** The rule, every part in order (see the module comment). */
    const rule = (v: SevnView): number => {
      // The per-seat entries read one by one (totalOf, statusOf, roundPointsOf): no copies. The round
      // points of opponents still in matter only when staying could end the game (rule 2) or the
      // threshold without the stake term does not already clear the row: read only then.
      const me = v.seat;
      const myTotal = v.totalOf(me);
      const mine = myTotal + v.points;
      let bestOut = -1; // the highest final of an opponent out of the round and not busted
      let bestTotal = -1e9;
      let top = myTotal;
      let inRound = 0;
      for (let t = 0; t < v.players; t++) {
        if (t === me) continue;
        const total = v.totalOf(t);
        if (total > top) top = total;
        if (total > bestTotal) bestTotal = total;
        const st = v.statusOf(t);
        if (st === Status.ACTIVE) inRound++;
        else if (st !== Status.BUSTED) {
          const final = total + v.roundPointsOf(t);
          if (final > bestOut) bestOut = final;
        }
      }
      // The end of the game.
      if (bestOut >= target && bestOut > mine) return Answer.DRAW;
      if (mine >= target && mine >= finals(v, me)) return Answer.STAY;
      const gap = v.players > 1 ? bestTotal - myTotal : 0;
      const progress = Math.min(1, top / target);
      const level = points + progress * (gap > 0 ? behind * gap : ahead * gap);
      // With stake >= 0, stake x maxStake >= 0: below the threshold without that term is below the
      // threshold (floating-point sums are monotonic), and the opponents' stakes need not be read.
      if (!(stake >= 0 && v.points < level + crowd * inRound)) {
        const threshold = level + stake * maxStake(v, me) + crowd * inRound;
        if (!(v.points < threshold)) return Answer.STAY;
      }
      // Below the threshold it draws, unless the bust chance exceeds `risk` (checked last: it needs the
      // unseen cards; worked out here, not by bustChance(): a double returned from a call is boxed).
      if (!v.hasSecondChance && v.held !== 0) {
        const total = unseenTotal(v);
        if (total > 0 && mostDuplicates(v, v.held) / total > risk && unseenDuplicates(v, v.held) / total > risk) return Answer.STAY;
      }
      return Answer.DRAW;
    };

    /**
     * Whether the row is under the target and below a lower bound on the threshold from the totals alone: `rule`'s
     * level, by the same floating-point steps, plus the crowd term at its least over the opponents that can be in
     * (the stake term at its least, 0, when stake >= 0). Each sum and product is monotonic in each term,
     * so a row below this is below the threshold. The two tests are one: mine < target, with mine = total +
     * points (integers, exact), is points < target - total, and points < a && points < b is points < min(a, b)
     * (a NaN floor fails both ways). Returns the comparison, not the bound: a double returned from a call is
     * boxed (a heap number per question).
     */
    const underFloor = (v: SevnView, me: number): boolean => {
      // The totals do not change within a round: the floor is worked out once a round and seat. A
      // round is known by the deck's epoch (new at every fresh deck, so at every game) and its number.
      const epoch = v.deckEpoch;
      const myTotal = v.totalOf(me);
      let bestTotal = -1e9;
      let top = myTotal;
      for (let t = 0; t < v.players; t++) {
        if (t === me) continue;
        const total = v.totalOf(t);
        if (total > top) top = total;
        if (total > bestTotal) bestTotal = total;
      }
      const gap = v.players > 1 ? bestTotal - myTotal : 0;
      const progress = Math.min(1, top / k.target);
      const level = k.points + progress * (gap > 0 ? k.behind * gap : k.ahead * gap);
      const least = Math.min(level + (k.crowd >= 0 ? 0 : k.crowd * (v.players - 1)), k.target - myTotal);
      if (epoch !== undefined) {
        k.floorEpoch = epoch;
        k.floorRound = v.round;
        k.floorSeat = me;
        k.floor = least;
      }
      return v.points < least;
    };

    /** R4 holds: R1's answer (out of line: rare, and drawOrStay stays small enough for V8 to inline its check). */
    const outAnswer = (v: SevnView, me: number): number => (outWins(v, me, v.totalOf(me) + v.points, target) ? Answer.DRAW : Answer.STAY);

    const strategy: SevnStrategy = {
      ...cardChoices(params, ctx),
      drawOrStay(v) {
        if (k.last !== null) {
          const a = k.last.answer(v);
          if (a >= 0) return a;
        }
        // The rule's parts in order: R1 draw (an opponent out of the round finishes ahead, at the
        // target), R2 stay (staying wins), R3 stay (at or above the threshold), R4 stay (bust chance
        // above `risk`), else draw. With R4 true the answer is R1's alone; with R4, R2 and R3 false it
        // is a draw whatever R1 says. So most questions are settled by the row and the deck, or by
        // them and the totals, without the opponents' statuses and round points; the rest get `rule`.
        const me = v.seat;
        // The Second Chance read only when the bust check holds (a getter V8 does not inline here).
        const held = v.held;
        if (held !== 0 && bustsOver(v, held, k.risk) && !v.hasSecondChance) return outAnswer(v, me);
        if (k.stake >= 0) {
          // The floor of this round (the target folded in, see underFloor), once worked out, read here (a call costs about as much).
          if (v.deckEpoch === k.floorEpoch && v.round === k.floorRound && me === k.floorSeat) {
            if (v.points < k.floor) return Answer.DRAW;
          } else if (underFloor(v, me)) return Answer.DRAW;
        }
        return rule(v);
      },
    };
    // The bust check with R1's answer, and the floor, declared (card-rules.ts, DrawsUnderFloor): the engine
    // answers what they settle itself, without the view and this call. Not with `last`, which answers first.
    if (last === null && stake >= 0) Object.assign(strategy.drawOrStay, { drawsUnderFloor: { risk, points, behind, ahead, crowd, target } });
    return strategy;
  },
};
