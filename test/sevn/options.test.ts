/**
 * The optional SEVN rules-file fields (freezeSelf, stormStart, deckPersists, dealerRotates, tiedLead),
 * a Crossroads with one card left, and the decision buckets' deck band, each from a stacked deck with
 * hand-worked expected values.
 */
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/engine/errors.js';
import { Rng } from '../../src/engine/rng.js';
import { SevnEngine } from '../../src/games/sevn/engine.js';
import { Ev, type SevnTracer } from '../../src/games/sevn/events.js';
import { sevnModule } from '../../src/catalog.js';
import { Bucketer, parseBuckets } from '../../src/engine/decisions.js';
import { SEVN_OPTION_DEFAULTS, SEVN_PRESETS, type SevnRules, parseSevnRules, sevnPreset, validateSevnRules } from '../../src/games/sevn/rules.js';
import { Decision, Status } from '../../src/games/sevn/view.js';
import { EventLog, rowOf, scripted, stacked } from './helpers.js';

/** Numbers only (value, copies), a target, and any rule overrides. */
function tinyRules(values: [number, number][], target: number, over: Partial<SevnRules> = {}): SevnRules {
  const r = sevnPreset('sevn-numbers');
  r.name = 'tiny';
  r.numbers = values.map(([value, copies]) => ({ value, copies }));
  r.target = target;
  return { ...r, ...over };
}

describe('rules-file fields: defaults, printing and validation', () => {
  it('every preset carries the defaults, and a file without the fields gets them', () => {
    for (const name of Object.keys(SEVN_PRESETS)) expect(sevnPreset(name)).toMatchObject(SEVN_OPTION_DEFAULTS);
    expect(SEVN_OPTION_DEFAULTS).toEqual({ freezeSelf: true, stormStart: 'drawer', deckPersists: true, dealerRotates: true, tiedLead: 'play-on' });
    const o: Record<string, unknown> = JSON.parse(JSON.stringify(sevnPreset('sevn')));
    for (const k of Object.keys(SEVN_OPTION_DEFAULTS)) delete o[k];
    expect(validateSevnRules(o, 'r.json')).toEqual(sevnPreset('sevn'));
    const json = JSON.parse(JSON.stringify(sevnPreset('flip7')));
    expect(json.tiedLead).toBe('play-on'); // what `rules --json` prints
    const changed = { ...sevnPreset('sevn'), freezeSelf: false, stormStart: 'left-of-drawer', deckPersists: false, dealerRotates: false, tiedLead: 'shared' };
    expect(parseSevnRules(JSON.stringify(changed), 'x.json')).toEqual(changed);
    expect(sevnModule.describeRules!(changed as SevnRules)).toMatch(/shares the win.*\n.*Freeze on oneself not allowed; a Storm starts left of the drawer; a fresh full deck every round; seat 0 deals every round/);
  });

  const bad = (key: string, value: unknown, message: RegExp): void => {
    const o: Record<string, unknown> = { ...JSON.parse(JSON.stringify(sevnPreset('sevn'))), [key]: value };
    expect(() => validateSevnRules(o, 'r.json')).toThrow(UserError);
    expect(() => validateSevnRules(o, 'r.json')).toThrow(message);
  };

  it('rejects bad values naming the field and the allowed values', () => {
    bad('freezeSelf', 'yes', /^r\.json\.freezeSelf: expected true or false, got "yes"$/);
    bad('deckPersists', 0, /^r\.json\.deckPersists: expected true or false, got 0$/);
    bad('dealerRotates', null, /^r\.json\.dealerRotates: expected true or false, got null$/);
    bad('stormStart', 'left', /^r\.json\.stormStart: expected one of "drawer", "left-of-drawer", got "left"$/);
    bad('tiedLead', 'none', /^r\.json\.tiedLead: expected one of "play-on", "shared", got "none"$/);
    bad('tiedLeads', 'shared', /r\.json\.tiedLeads: unknown key/);
  });
});

describe('freezeSelf', () => {
  it('true (default): a solo drawer may freeze itself', () => {
    const e = stacked([scripted('p', { targets: [0] })], ['Freeze', '5']);
    expect(e.status[0]).toBe(Status.FROZEN);
    expect(e.roundScore[0]).toBe(0);
  });

  it('false: a solo drawer has no target, so its Freeze is discarded unasked and it plays on', () => {
    // The script has no targets: being asked would throw. Dealt a Freeze (discarded), draws 5, stays.
    const log = new EventLog();
    const e = stacked([scripted('p', { draws: 'D' })], ['Freeze', '5'], { rules: { ...sevnPreset('sevn'), freezeSelf: false }, log });
    expect(log.of(Ev.ACTION_DISCARDED).map((x) => x[1])).toEqual([0]);
    expect(e.status[0]).toBe(Status.STAYED);
    expect(e.roundScore[0]).toBe(5);
  });

  it('false: the drawer is not a candidate, the others still are', () => {
    // Dealer 0: seat 1 is dealt a Freeze before seat 0's deal card; it may freeze seat 0 only.
    const rules = { ...sevnPreset('sevn'), freezeSelf: false };
    expect(() => stacked([scripted('p0'), scripted('p1', { targets: [1] })], ['Freeze', '5'], { rules })).toThrow(/"p1".*Freeze target 1: expected one of seats 0$/);
    const e = stacked([scripted('p0'), scripted('p1', { draws: 'D', targets: [0] })], ['Freeze', '5'], { rules });
    // Seat 0 is frozen before its deal card; seat 1 then draws the 5.
    expect([e.status[0], e.roundScore[0], e.roundScore[1]]).toEqual([Status.FROZEN, 0, 5]);
    // The default allows seat 1 to freeze itself.
    const d = stacked([scripted('p0', { draws: 'D' }), scripted('p1', { targets: [1] })], ['Freeze', '5', '6'], {});
    expect([d.status[1], rowOf(d, 0)]).toEqual([Status.FROZEN, ['5', '6']]);
  });
});

describe('stormStart', () => {
  // Three players, dealer 0: the deal goes 1, 2, 0 (5, 6, 7). Seat 1 draws the Storm; the Storm deals
  // 8, 9, 10 in its order; then everyone stays.
  const play = (stormStart: 'drawer' | 'left-of-drawer') => {
    const log = new EventLog();
    const rules = { ...sevnPreset('sevn'), stormStart };
    const e = stacked([scripted('p0'), scripted('p1', { draws: 'D' }), scripted('p2')], ['5', '6', '7', 'Storm', '8', '9', '10'], { rules, log });
    return { e, order: log.of(Ev.STORM_CARD).map((x) => x[1]) };
  };

  it('"drawer" (default): seats 1, 2, 0 get 8, 9, 10', () => {
    const { e, order } = play('drawer');
    expect(order).toEqual([1, 2, 0]);
    expect([rowOf(e, 0), rowOf(e, 1), rowOf(e, 2)]).toEqual([['7', '10'], ['5', '8'], ['6', '9']]);
    expect(Array.from(e.roundScore.subarray(0, 3))).toEqual([17, 13, 15]);
  });

  it('"left-of-drawer": seats 2, 0, 1 get 8, 9, 10 (the drawer last)', () => {
    const { e, order } = play('left-of-drawer');
    expect(order).toEqual([2, 0, 1]);
    expect(Array.from(e.roundScore.subarray(0, 3))).toEqual([16, 15, 14]);
  });

  it('"left-of-drawer" skips players out of the round and a solo drawer still draws', () => {
    // Solo: the seat left of the drawer is the drawer. Dealt 5, draws the Storm, gets 9 from it.
    const solo = stacked([scripted('p', { draws: 'D' })], ['5', 'Storm', '9'], { rules: { ...sevnPreset('sevn'), stormStart: 'left-of-drawer' } });
    expect(solo.roundScore[0]).toBe(14);
    // Three players: seat 2 stays on its turn before seat 0 draws the Storm: seats 1 then 0 draw.
    // (Deal 1 2 0: 5 6 7; seat 1 draws 2, seat 2 stays, seat 0 draws the Storm: seat 1 gets 8, seat 0 9.)
    const log = new EventLog();
    const e = stacked([scripted('p0', { draws: 'D' }), scripted('p1', { draws: 'D' }), scripted('p2')], ['5', '6', '7', '2', 'Storm', '8', '9'], {
      rules: { ...sevnPreset('sevn'), stormStart: 'left-of-drawer' }, log,
    });
    expect(log.of(Ev.STORM_CARD).map((x) => [x[1], e.cards.name(x[2])])).toEqual([[1, '8'], [0, '9']]);
    expect(Array.from(e.roundScore.subarray(0, 3))).toEqual([16, 15, 6]);
  });
});

/** Records the deck and discard sizes at every round start. */
class RoundStarts implements SevnTracer {
  readonly rounds: [number, number, number][] = [];
  constructor(private readonly engine: () => SevnEngine) {}
  event(ev: number, seat: number): void {
    if (ev === Ev.ROUND_START) this.rounds.push([seat, this.engine().deckSize, this.engine().discardSize]);
  }
}

function game(rules: SevnRules, players: ReturnType<typeof scripted>[], names: string[]): { e: SevnEngine; starts: [number, number, number][] } {
  const e = new SevnEngine(rules);
  e.stackDeck(names.map((n) => e.cards.code(n)));
  const t = new RoundStarts(() => e);
  e.tracer = t;
  e.playGame(players, new Rng('stacked'));
  return { e, starts: t.rounds };
}

describe('deckPersists', () => {
  // Solo, target 20, always stays: dealt 5, 13, 12 in rounds 1-3 (totals 5, 18, 30).
  const rules = (deckPersists: boolean) => ({ ...sevnPreset('sevn'), target: 20, deckPersists });

  it('true (default): the deck shrinks and the discard pile grows from round to round', () => {
    const { e, starts } = game(rules(true), [scripted('p')], ['5', '13', '12']);
    expect(starts).toEqual([[0, 120, 0], [0, 119, 1], [0, 118, 2]]);
    expect([e.roundCount, e.totals[0]]).toEqual([3, 30]);
  });

  it('false: every round starts from all 120 cards, so a one-copy card can come again', () => {
    const { e, starts } = game(rules(false), [scripted('p')], ['5', '13', '12']);
    expect(starts).toEqual([[0, 120, 0], [0, 120, 0], [0, 120, 0]]);
    expect([e.roundCount, e.totals[0]]).toEqual([3, 30]);
    // The single 1 dealt twice (target 2): only possible with a fresh deck.
    const twice = game({ ...rules(false), target: 2 }, [scripted('p')], ['1', '1']);
    expect([twice.e.roundCount, twice.e.totals[0]]).toEqual([2, 2]);
    expect(() => game({ ...rules(true), target: 2 }, [scripted('p')], ['1', '1'])).toThrow(/stacked card 1 is not in the deck/);
  });

  it('has no effect in round mode', () => {
    const e = stacked([scripted('p', { draws: 'D' })], ['5', '6'], { rules: rules(false) });
    expect(e.roundScore[0]).toBe(11);
  });
});

describe('dealerRotates', () => {
  // Two players who always stay, target 12, deals 2 3 4 5 6 7 in that order.
  // Rotating: R1 dealer 0 (seat 1 gets 2, seat 0 gets 3), R2 dealer 1 (seat 0 4, seat 1 5), R3 dealer 0
  // (seat 1 6, seat 0 7): totals 14 / 13. Fixed: seat 1 gets 2, 4, 6 and seat 0 3, 5, 7: 15 / 12.
  const deals = ['2', '3', '4', '5', '6', '7'];
  const play = (dealerRotates: boolean) => game({ ...tinyRules([[2, 1], [3, 1], [4, 1], [5, 1], [6, 1], [7, 1]], 12), dealerRotates }, [scripted('p0'), scripted('p1')], deals);

  it('true (default): the deal moves one seat clockwise each round', () => {
    const { e, starts } = play(true);
    expect(starts.map((x) => x[0])).toEqual([0, 1, 0]);
    expect([e.totals[0], e.totals[1], e.winShare[0]]).toEqual([14, 13, 1]);
  });

  it('false: seat 0 deals every round, so seat 1 always gets the first card and plays first', () => {
    const { e, starts } = play(false);
    expect(starts.map((x) => x[0])).toEqual([0, 0, 0]);
    expect([e.totals[0], e.totals[1], e.winShare[0]]).toEqual([15, 12, 1]);
  });
});

describe('tiedLead', () => {
  // Two players who always stay, target 5: both are dealt a 5 in round 1 (a tied lead at the target);
  // round 2 (dealer 1) deals seat 0 a 3 and seat 1 a 2.
  const two = (tiedLead: 'play-on' | 'shared') => game(tinyRules([[2, 1], [3, 1], [5, 2]], 5, { tiedLead }), [scripted('p0'), scripted('p1')], ['5', '5', '3', '2']).e;

  it('"play-on" (default): another round; seat 0 then wins 8 to 7', () => {
    const e = two('play-on');
    expect([e.roundCount, e.totals[0], e.totals[1], e.winShare[0], e.winShare[1]]).toEqual([2, 8, 7, 1, 0]);
  });

  it('"shared": the game ends on the tie, half a win each', () => {
    const e = two('shared');
    expect([e.roundCount, e.totals[0], e.totals[1], e.winShare[0], e.winShare[1]]).toEqual([1, 5, 5, 0.5, 0.5]);
  });

  it('"shared": a tie below the target plays on; only the tied leaders share, 1/k each', () => {
    // Three players, target 8. R1 (dealer 0, deal 1 2 0): 5 5 4, totals 4/5/5, lead tied below 8.
    // R2 (dealer 1, deal 2 0 1): 3 4 3, totals 8/8/8: a three-way tie at the target.
    const rules = tinyRules([[3, 2], [4, 2], [5, 2]], 8, { tiedLead: 'shared' });
    const players = [scripted('p0'), scripted('p1'), scripted('p2')];
    const { e } = game(rules, players, ['5', '5', '4', '3', '4', '3']);
    expect([e.roundCount, ...e.totals.subarray(0, 3)]).toEqual([2, 8, 8, 8]);
    expect(Array.from(e.winShare.subarray(0, 3))).toEqual([1 / 3, 1 / 3, 1 / 3]);
    // Target 5 instead: R1 ends the game with seats 1 and 2 tied on 5 and seat 0 on 4.
    const r1 = game({ ...rules, target: 5 }, players.map((p) => scripted(p.label)), ['5', '5', '4']).e;
    expect([r1.roundCount, ...r1.winShare.subarray(0, 3)]).toEqual([1, 0, 0.5, 0.5]);
  });
});

describe('Crossroads with only one card left in the deck and discard pile together', () => {
  const census = (e: SevnEngine): number => {
    const out = new Int32Array(e.cards.codes);
    e.census(out);
    return out.reduce((a, b) => a + b, 0);
  };

  it('the drawer takes the single revealed card, unasked, and plays on', () => {
    // Cards 1, 2, 3 and a Crossroads. Dealt 1, draws 2, draws the Crossroads: only the 3 is left, and
    // it joins the row (the script has no picks: being asked would throw). Then the player stays: 6.
    const log = new EventLog();
    const e = stacked([scripted('p', { draws: 'DD' })], ['1', '2', 'Crossroads', '3'], { rules: tinyRules([[1, 1], [2, 1], [3, 1]], 250, { actions: { freeze: 0, secondChance: 0, tripleDraw: 0, crossroads: 1, storm: 0 } }), log });
    expect(log.of(Ev.CROSSROADS).map((x) => x.slice(1))).toEqual([[0, e.cards.code('3'), -1]]);
    expect(log.of(Ev.EXHAUSTED)).toEqual([]);
    expect(rowOf(e, 0)).toEqual(['1', '2', '3']);
    expect([e.status[0], e.roundScore[0]]).toEqual([Status.STAYED, 6]);
    expect([e.deckSize, e.discardSize, census(e)]).toEqual([0, 1, 4]); // the Crossroads card is discarded
  });

  it('the single card is resolved as if drawn: a duplicate busts', () => {
    // Two 1s and a Crossroads: dealt 1, draws the Crossroads, the other 1 is the only card left.
    const e = stacked([scripted('p', { draws: 'D' })], ['1', 'Crossroads', '1'], { rules: tinyRules([[1, 2]], 250, { actions: { freeze: 0, secondChance: 0, tripleDraw: 0, crossroads: 1, storm: 0 } }) });
    expect(rowOf(e, 0)).toEqual(['1', '1']);
    expect([e.status[0], e.roundScore[0]]).toEqual([Status.BUSTED, 0]);
  });

  it('with no card left at all the Crossroads has no effect and the round ends as if everyone still in had stayed', () => {
    const log = new EventLog();
    const e = stacked([scripted('p', { draws: 'D' })], ['1', 'Crossroads'], { rules: tinyRules([[1, 1]], 250, { actions: { freeze: 0, secondChance: 0, tripleDraw: 0, crossroads: 1, storm: 0 } }), log });
    expect(log.of(Ev.CROSSROADS)).toEqual([]);
    expect(log.of(Ev.EXHAUSTED).length).toBe(1);
    expect([e.status[0], e.roundScore[0], e.discardSize, census(e)]).toEqual([Status.STAYED, 1, 1, 2]);
  });
});

describe('decision buckets', () => {
  it('band cards left in the deck and round points by the chosen widths', () => {
    // Solo on sevn: dealt 5 (119 left: band 100..119 at width 20), draws 6 (118), 7 (117), 8 (116), then stays.
    const rules = sevnPreset('sevn');
    const features = sevnModule.bucketFeatures(rules);
    const buckets = new Bucketer(features, parseBuckets(features, 'points:10,cards-left:20,still-in'));
    const e = new SevnEngine(rules);
    const keys: { kind: number; lows: number[] }[] = [];
    e.decisions = { buckets, record: (_seat, state) => void keys.push(buckets.decode(state)) };
    const names = ['5', '6', '7', '8', '9', '10', '11', '12', '13', '2'];
    e.stackDeck(names.map((n) => e.cards.code(n)));
    e.playRound([scripted('p', { draws: 'DDD' })], new Rng('x'));
    // Points 5, 11, 18, 26: bands 0, 10, 10, 20; no opponent still in.
    expect(keys.map((k) => [k.kind, ...k.lows])).toEqual([[Decision.DRAW_STAY, 0, 100, 0], [Decision.DRAW_STAY, 10, 100, 0], [Decision.DRAW_STAY, 10, 100, 0], [Decision.DRAW_STAY, 20, 100, 0]]);
    // A nine-card deck: 8 left after the deal, then 7: band 0.
    const small = new SevnEngine(tinyRules([[1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 1], [7, 1], [8, 1], [9, 1]], 250));
    const seen: number[] = [];
    small.decisions = { buckets, record: (_seat, state) => void seen.push(buckets.decode(state).lows[1]) };
    small.playRound([scripted('p', { draws: 'D' })], new Rng('y'));
    expect(seen).toEqual([0, 0]);
  });

  it('put values beyond the ends in the end bands, and refuse bad choices', () => {
    const features = sevnModule.bucketFeatures(sevnPreset('sevn'));
    const b = new Bucketer(features, parseBuckets(features, 'points:5,gap-leader:100'));
    const at = (points: number, gap: number) => b.decode(b.key({ feature: (_s, f) => (f === 0 ? points : gap) }, 0, 0)).lows;
    expect(at(0, 0)).toEqual([0, 0]);
    expect(at(4, -1)).toEqual([0, -100]);
    expect(at(7, 99)).toEqual([5, 0]);
    expect(at(400, 999)).toEqual([100, 200]);
    expect(at(-3, -999)).toEqual([0, -300]);
    expect(() => parseBuckets(features, 'points:0')).toThrow(UserError);
    expect(() => parseBuckets(features, 'points,points')).toThrow(/given twice/);
    expect(() => parseBuckets(features, 'profile')).toThrow(/unknown feature "profile"/);
  });
});
