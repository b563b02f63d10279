import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/engine/errors.js';
import { MAX_SCORE_TABLE, parseSevenfallRules, scoreTableSize, sevenfallPreset, validateSevenfallRules } from '../../src/games/sevenfall/rules.js';
import { ScoreTable } from '../../src/games/sevenfall/scoring.js';

const base = (): Record<string, unknown> => JSON.parse(JSON.stringify(sevenfallPreset('sevenfall')));
const reject = (input: unknown, message: RegExp): void => {
  expect(() => validateSevenfallRules(input, 'file.json')).toThrow(UserError);
  expect(() => validateSevenfallRules(input, 'file.json')).toThrow(message);
};

describe('SEVENFALL rules files', () => {
  it('accept both presets as they print', () => {
    for (const name of ['sevenfall', 'sevenfall-6x6']) {
      const r = sevenfallPreset(name);
      expect(validateSevenfallRules(JSON.parse(JSON.stringify(r)))).toEqual(r);
    }
    expect(sevenfallPreset('sevenfall-6x6')).toMatchObject({ symbols: 6, copiesPerSymbol: 6, wilds: 2, breaks: 2 });
  });

  it('size the score table as built (hand-worked: 2 symbols, rowSize 2, 1 wild)', () => {
    // Keys: sizes 1 (0..2 symbols) x 2 (0..1) = 6, x (1 + 1 wild) x (0 + 1 breaks) = 12 entries. Profiles by
    // symbol tiles: none (0 or 1 wild: 1 + 2 ways), [1] (1 + 2), [2] (1), [1,1] (1): 8 wild assignments.
    const tiny = { ...sevenfallPreset('sevenfall'), symbols: 2, copiesPerSymbol: 2, rowSize: 2, wilds: 1, breaks: 0, discardBudget: 0, categories: [{ name: 'Pair', parts: [2], points: 1 }] };
    expect(scoreTableSize(tiny)).toEqual({ entries: 12, assignments: 8 });
    expect(new ScoreTable(tiny).table.length).toBe(12);
    const preset = sevenfallPreset('sevenfall');
    expect(scoreTableSize(preset).entries).toBe(new ScoreTable(preset).table.length);
  });

  it('refuse rules whose score table would take minutes to build (issue 18: 16 symbols, row 12, 8 wilds)', () => {
    const big = { ...base(), symbols: 16, copiesPerSymbol: 10, rowSize: 12 };
    reject({ ...big, wilds: 8 }, /^file.json: building the score table would try 23,295,000 ways of giving the wilds to the 16 symbols, at most 1,000,000 are supported; use a smaller rowSize, fewer wilds, breaks or symbols$/);
    reject({ ...big, wilds: 32, breaks: 32 }, /^file.json: the score table for rowSize 12, 32 wilds and 32 breaks would have 177,166,080 entries, at most 32,000,000 are supported/);
    // Just within both limits: 16 symbols, row 12, 4 wilds, 5 breaks. Keys for row 12: the product of
    // floor(12/k) + 1 over k = 1..12 = 13*7*5*4*3*3*2^6 = 1,048,320; x 5 x 6 entries.
    const within = validateSevenfallRules({ ...big, wilds: 4, breaks: 5 });
    const size = scoreTableSize(within);
    expect(size.entries).toBe(1_048_320 * 5 * 6);
    expect(size.assignments).toBeGreaterThan(0.9 * MAX_SCORE_TABLE.assignments);
    expect(size.assignments).toBeLessThanOrEqual(MAX_SCORE_TABLE.assignments);
  });

  it('reject text that is not JSON', () => {
    expect(() => parseSevenfallRules('{ symbols: 7', 'bad.json')).toThrow(/bad.json: not valid JSON/);
  });

  it('name the unknown key', () => reject({ ...base(), tilesPerRow: 7 }, /file.json.tilesPerRow: unknown key/));
  it('name a missing key', () => {
    const r = base();
    delete r.wilds;
    reject(r, /file.json.wilds: missing/);
  });
  it('name a negative count', () => reject({ ...base(), breaks: -1 }, /file.json.breaks: -1 is below the minimum 0/));
  it('name a non-integer', () => reject({ ...base(), copiesPerSymbol: 4.5 }, /file.json.copiesPerSymbol: expected an integer/));
  it('reject a canister smaller than a row plus the discard budget', () =>
    reject({ ...base(), symbols: 1, copiesPerSymbol: 4, wilds: 1, breaks: 1 }, /canister holds 6 tiles.*rowSize \+ discardBudget = 10/));
  it('reject a game other than sevenfall', () => reject({ ...base(), game: 'sevn' }, /file.json.game: expected "sevenfall"/));
  it('reject an empty category table', () => reject({ ...base(), categories: [] }, /categories: expected at least 1/));
  it('reject a category that needs more tiles than a row', () =>
    reject({ ...base(), categories: [{ name: 'Big', parts: [5, 3], points: 20 }] }, /categories\[0\].parts: needs 8 tiles/));
  it('reject a category with a zero part', () =>
    reject({ ...base(), categories: [{ name: 'Odd', parts: [2, 0], points: 2 }] }, /categories\[0\].parts\[1\]: 0 is below the minimum 1/));
  it('reject the same parts twice', () =>
    reject({ ...base(), categories: [{ name: 'P', parts: [2], points: 1 }, { name: 'Q', parts: [2], points: 2 }] }, /categories\[1\].parts: \[2\] is already category "P"/));
  it('reject a category with an unknown key', () =>
    reject({ ...base(), categories: [{ name: 'P', parts: [2], points: 1, bonus: 1 }] }, /categories\[0\].bonus: unknown key/));
  it('reject negative points', () =>
    reject({ ...base(), categories: [{ name: 'P', parts: [2], points: -1 }] }, /categories\[0\].points: -1 is below/));
  it('fill the optional refill and tieRule, and name a bad value', () => {
    const r = base();
    delete r.refill;
    delete r.tieRule;
    expect(validateSevenfallRules(r)).toMatchObject({ refill: 'turn', tieRule: 'shared' });
    reject({ ...base(), refill: 'week' }, /file.json.refill: expected one of "turn", "round", got "week"/);
    reject({ ...base(), tieRule: 'split' }, /file.json.tieRule: expected one of "shared", "none"/);
  });
  it('reject an unknown preset, listing the presets', () => expect(() => sevenfallPreset('nope')).toThrow(/presets: sevenfall, sevenfall-6x6/));
});
