import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/engine/errors.js';
import { parseSevenfallRules, sevenfallPreset, validateSevenfallRules } from '../../src/games/sevenfall/rules.js';

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
