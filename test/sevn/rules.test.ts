/** SEVN rules files: presets as documented, JSON round trips, and errors that name the field. */
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/engine/errors.js';
import { SevnCards } from '../../src/games/sevn/cards.js';
import { sevnModule } from '../../src/catalog.js';
import { SEVN_PRESETS, deckSize, parseSevnRules, roundScoreBound, sevnPreset, validateSevnRules } from '../../src/games/sevn/rules.js';

describe('SEVN presets', () => {
  it('have the documented decks', () => {
    expect(deckSize(sevnPreset('sevn'))).toBe(120);
    expect(deckSize(sevnPreset('flip7'))).toBe(94);
    expect(deckSize(sevnPreset('sevn-numbers'))).toBe(92);
    expect(deckSize(sevnPreset('flip7-numbers'))).toBe(79);
    expect(sevnPreset('sevn').sevn).toEqual({ distinct: 7, bonus: 17 });
    expect(sevnPreset('flip7').sevn).toEqual({ distinct: 7, bonus: 15 });
    expect(sevnPreset('flip7-numbers').sevn.bonus).toBe(15);
    expect(sevnPreset('sevn').target).toBe(250);
    expect(sevnPreset('flip7').target).toBe(200);
    const cards = new SevnCards(sevnPreset('sevn'));
    // 17 distinct scoring values: 0..13 and three Ballast.
    expect(Array.from(cards.kind).filter((k) => k <= 1).length).toBe(17);
  });

  it('round-trip through JSON unchanged', () => {
    for (const name of Object.keys(SEVN_PRESETS)) {
      const r = sevnPreset(name);
      expect(parseSevnRules(JSON.stringify(r), 'x.json')).toEqual({ ...r, name: r.name });
    }
    expect(sevnModule.presets).toEqual(['sevn', 'flip7', 'sevn-numbers', 'flip7-numbers']);
    expect(() => sevnPreset('nope')).toThrow(UserError);
  });

  it('describe themselves', () => {
    expect(sevnModule.describeRules!(sevnPreset('sevn'))).toMatch(/120 cards/);
  });
});

describe('SEVN rules validation names the field', () => {
  const base = (): Record<string, unknown> => JSON.parse(JSON.stringify(sevnPreset('sevn')));
  const bad = (edit: (o: Record<string, any>) => void, message: RegExp): void => {
    const o = base();
    edit(o);
    expect(() => validateSevnRules(o, 'r.json')).toThrow(UserError);
    expect(() => validateSevnRules(o, 'r.json')).toThrow(message);
  };

  it('rejects bad values with their path', () => {
    bad((o) => (o.game = 'sevenfall'), /r\.json\.game/);
    bad((o) => (o.numbers[3].value = 31), /r\.json\.numbers\[3\]\.value: 31 is above the maximum 30/);
    bad((o) => (o.numbers[3].value = 2), /r\.json\.numbers\[3\]\.value: 2 is listed twice/);
    bad((o) => (o.numbers[3].copies = -1), /numbers\[3\]\.copies/);
    bad((o) => (o.ballast = [-1, -1]), /r\.json\.ballast\[1\]: -1 is listed twice/);
    bad((o) => (o.ballast = [2]), /r\.json\.ballast\[0\]: 2 is above the maximum -1/);
    bad((o) => (o.modifiers[0].kind = 'divide'), /r\.json\.modifiers\[0\]\.kind/);
    bad((o) => (o.modifiers[0].count = 11), /r\.json\.modifiers: all multipliers together make x2048/);
    bad((o) => (o.actions.storm = 'two'), /r\.json\.actions\.storm: expected an integer/);
    bad((o) => delete o.actions.freeze, /r\.json\.actions\.freeze: missing/);
    bad((o) => (o.bonuses.ladder.minRun = 0), /r\.json\.bonuses\.ladder\.minRun/);
    bad((o) => (o.bonuses.heavyweight.extra = 1), /r\.json\.bonuses\.heavyweight\.extra: unknown key/);
    bad((o) => (o.sevn.distinct = 0), /r\.json\.sevn\.distinct/);
    bad((o) => (o.target = 0), /r\.json\.target/);
    bad((o) => (o.maxRounds = 0), /r\.json\.maxRounds/);
    bad((o) => (o.tripleDrawCards = 0), /r\.json\.tripleDrawCards/);
    bad((o) => (o.colour = 'red'), /r\.json\.colour: unknown key/);
    bad((o) => (o.numbers = o.numbers.map((n: { value: number }) => ({ value: n.value, copies: 0 }))), /r\.json\.numbers: every value has 0 copies/);
    bad((o) => (o.numbers = o.numbers.map((n: { value: number }) => ({ value: n.value, copies: 20 }))), /more than the maximum 255/);
  });

  it('refuses a target no game can reach in maxRounds rounds', () => {
    // sevn-numbers: numbers 0..13 once each sum to 91, no modifiers or bonus cards, SEVN +17: at most 108 a round.
    const o = JSON.parse(JSON.stringify(sevnPreset('sevn-numbers')));
    expect(roundScoreBound(o)).toBe(108);
    expect(validateSevnRules({ ...o, target: 5400, maxRounds: 50 }, 'r.json').target).toBe(5400);
    expect(() => validateSevnRules({ ...o, target: 5401, maxRounds: 50 }, 'r.json')).toThrow(/r\.json: target 5401 cannot be reached in maxRounds 50 \(a round scores at most 108/);
  });

  it('rejects text that is not JSON', () => {
    expect(() => parseSevnRules('{', 'r.json')).toThrow(/r\.json: not valid JSON/);
  });

  it('fills the optional fields', () => {
    const o = base();
    delete o.name;
    delete o.maxRounds;
    const r = validateSevnRules(o, 'mine.json');
    expect(r.name).toBe('mine.json');
    expect(r.maxRounds).toBe(1000);
  });
});

describe('SEVN strategies', () => {
  it('check specs like every game', () => {
    expect(() => sevnModule.checkStrategy('stay-at:points=30,freeze=fewest')).not.toThrow();
    expect(() => sevnModule.checkStrategy('stay-at:points=-1')).toThrow(/points=-1 is outside/);
    expect(() => sevnModule.checkStrategy('bust-cap:p=2')).toThrow(UserError);
    expect(() => sevnModule.checkStrategy('nope')).toThrow(/unknown sevn strategy/);
    expect(sevnModule.strategies.map((s) => s.name)).toEqual(['stay-at', 'stay-at-cards', 'bust-cap', 'random', 'optimal-solo', 'ev', 'race', 'search']);
  });

  it('trace a readable game', () => {
    const t = sevnModule.trace(sevnPreset('sevn'), ['stay-at', 'bust-cap', 'random'], 3);
    expect(t).toMatch(/^SEVN game, rules "sevn", seed 3/);
    expect(t).toMatch(/== Round 1, dealer seat 0/);
    expect(t).toMatch(/wins with \d+ after \d+ rounds/);
  });
});
