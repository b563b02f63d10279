import { describe, expect, it } from 'vitest';
import type { ParamSpec } from '../../src/engine/params.js';
import { type SpaceRequest, buildSpace, fromUnit, gridPoints, gridValues, snap, specOf, startPoint, toUnit } from '../../src/tune/space.js';

const PARAMS: ParamSpec[] = [
  { name: 'points', type: 'int', min: 0, max: 1000, default: 25, doc: '' },
  { name: 'p', type: 'number', min: 0, max: 1, default: 0.3, doc: '' },
  { name: 'freeze', type: 'enum', values: ['fewest', 'most', 'self'], default: 'fewest', doc: '' },
];
const req = (over: Partial<SpaceRequest>): SpaceRequest => ({ strategy: 's', params: PARAMS, search: [], fix: [], start: null, ...over });

describe('the searched space', () => {
  it('searches every numeric parameter over its declared range by default; enums keep the start value', () => {
    const s = buildSpace(req({}));
    expect(s.dims.map((d) => d.name)).toEqual(['points', 'p']);
    expect(s.fixed).toEqual({ freeze: 'fewest' });
    expect(specOf(s, [30, 0.25])).toBe('s:points=30,p=0.25,freeze=fewest');
  });

  it('narrows with --param, pins with --fix, starts from --start', () => {
    const s = buildSpace(req({ search: ['points=20:30:2', 'freeze'], fix: ['p=0.5'], start: 's:points=24,freeze=most' }));
    expect(s.dims).toEqual([
      { name: 'points', kind: 'int', lo: 20, hi: 30, step: 2 },
      { name: 'freeze', kind: 'enum', values: ['fewest', 'most', 'self'] },
    ]);
    expect(s.fixed).toEqual({ p: 0.5 });
    expect(startPoint(s)).toEqual([24, 1]);
    expect(gridPoints(s)).toHaveLength(6 * 3);
    expect(specOf(s, [22, 2])).toBe('s:points=22,p=0.5,freeze=self');
  });

  it('a pinned value holds in the start too: the start is a candidate, and may be the answer', () => {
    const s = buildSpace(req({ search: ['points=20:30'], fix: ['freeze=self'], start: 's:points=24,freeze=most' }));
    expect(s.start).toEqual({ points: 24, p: 0.3, freeze: 'self' });
    expect(specOf(s, startPoint(s))).toBe('s:points=24,p=0.3,freeze=self');
  });

  it('grids: every step value; every int of a range up to 101 values; else 21 spread values', () => {
    expect(gridValues({ name: 'x', kind: 'number', lo: 0, hi: 1, step: 0.25 })).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(gridValues({ name: 'x', kind: 'int', lo: 5, hi: 8, step: null })).toEqual([5, 6, 7, 8]);
    const wide = gridValues({ name: 'x', kind: 'int', lo: 0, hi: 1000, step: null });
    expect(wide).toHaveLength(21);
    expect(wide.slice(0, 3)).toEqual([0, 50, 100]);
    expect(gridValues({ name: 'x', kind: 'number', lo: 0, hi: 2, step: 0.1 })[3]).toBe(0.3); // not 0.30000000000000004
  });

  it('snaps to what can be played and maps to and from unit coordinates', () => {
    expect(snap({ name: 'x', kind: 'int', lo: 0, hi: 10, step: null }, 3.6)).toBe(4);
    expect(snap({ name: 'x', kind: 'int', lo: 10, hi: 40, step: 5 }, 23)).toBe(25);
    expect(snap({ name: 'x', kind: 'number', lo: 0, hi: 1, step: null }, 0.123456789)).toBe(0.123457);
    expect(snap({ name: 'x', kind: 'number', lo: 0, hi: 1, step: null }, 1.7)).toBe(1);
    const s = buildSpace(req({ search: ['points=0:100', 'p'] }));
    expect(toUnit(s, [25, 0.3])).toEqual([0.25, 0.3]);
    expect(fromUnit(s, [0.257, 2], [0, 0])).toEqual([26, 1]);
  });

  it.each([
    [{ search: ['pts=1:2'] }, '--param pts: strategy "s" has no parameter "pts" (parameters: points, p, freeze)'],
    [{ search: ['points=30:20'] }, 'the range is inverted'],
    [{ search: ['points=20:20'] }, 'the range is empty'],
    [{ search: ['points=20:'] }, 'expected points=LO:HI or points=LO:HI:STEP'],
    [{ search: ['freeze=0:2'] }, 'freeze is an enum (fewest|most|self); a range does not apply'],
    [{ search: ['points=0:10:3'] }, 'the step 3 does not divide the range 10 - 0'],
    [{ search: ['p=0:1:0.3'] }, 'the step 0.3 does not divide the range'],
    [{ search: ['points=0:10:0'] }, 'the step must be positive'],
    [{ search: ['points=0.5:10'] }, 'points is an integer'],
    [{ search: ['points=0:2000'] }, 'outside points\'s declared range [0, 1000]'],
    [{ search: ['points', 'points=1:2'] }, '--param points: given twice'],
    [{ search: ['points'], fix: ['points=3'] }, 'also pinned by --fix'],
    [{ fix: ['p=2'] }, 'p=2 is outside [0, 1]'],
    [{ fix: ['p'] }, '--fix p: expected NAME=VALUE'],
    [{ fix: ['points=1', 'p=0.1'], search: [] as string[], params: PARAMS.slice(0, 2) }, 'nothing to tune'],
    [{ fix: ['points=1', 'p=0.1'] }, '--fix pins every numeric parameter of "s"; name what to search with --param (e.g. --param freeze)'],
    [{ start: 'other:points=3' }, 'the start must be a spec of the tuned strategy "s"'],
  ])('refuses %j', (over, message) => {
    expect(() => buildSpace(req(over))).toThrow(message);
  });

  it('a step that divides the range in decimal passes (0.1 is not exact in binary)', () => {
    expect(() => buildSpace(req({ search: ['p=0:0.7:0.1'] }))).not.toThrow();
  });
});
