import { describe, expect, expectTypeOf, it } from 'vitest';
import { UserError } from '../../src/engine/errors.js';
import { defineParams, int, num, oneOf, type ParamSpec, parseSpec, resolveParams, type Values, withDefaults } from '../../src/engine/params.js';

const specs: ParamSpec[] = [
  { name: 'points', type: 'int', min: 0, max: 500, default: 20, doc: '' },
  { name: 'p', type: 'number', min: 0, max: 1, default: 0.3, doc: '' },
  { name: 'objective', type: 'enum', values: ['ev', 'win'], default: 'ev', doc: '' },
];

describe('strategy specs', () => {
  it('fill defaults and parse typed values', () => {
    expect(resolveParams('s', specs, parseSpec('s').raw)).toEqual({ points: 20, p: 0.3, objective: 'ev' });
    expect(resolveParams('s', specs, parseSpec('s:points=25,p=0.5,objective=win').raw)).toEqual({ points: 25, p: 0.5, objective: 'win' });
  });
  it.each([
    ['s:points', /"points" is not key=value/],
    ['s:points=1,points=2', /given twice/],
    ['s:speed=3', /unknown parameter "speed" \(parameters: points, p, objective\)/],
    ['s:points=2.5', /points=2.5 is not an integer/],
    ['s:points=abc', /points=abc is not an integer/],
    ['s:points=501', /points=501 is outside \[0, 500\]/],
    ['s:p=-0.1', /p=-0.1 is outside \[0, 1\]/],
    ['s:objective=max', /objective=max is not one of ev, win/],
    ['S!', /is not a strategy name/],
  ])('reject %s', (text, message) => {
    const run = () => resolveParams('s', specs, parseSpec(text).raw);
    expect(run).toThrow(UserError);
    expect(run).toThrow(message);
  });
});

describe('defineParams', () => {
  const decls = { points: int(0, 500, 20, 'p'), p: num(0, 1, 0.3, 'q'), objective: oneOf(['ev', 'win'], 'ev', 'o') };
  it('lists the declarations in order, each named by its key, as the parser reads them', () => {
    expect(defineParams(decls)).toEqual([
      { name: 'points', type: 'int', min: 0, max: 500, default: 20, doc: 'p' },
      { name: 'p', type: 'number', min: 0, max: 1, default: 0.3, doc: 'q' },
      { name: 'objective', type: 'enum', values: ['ev', 'win'], default: 'ev', doc: 'o' },
    ]);
    expect(resolveParams('s', defineParams(decls), parseSpec('s:objective=win').raw)).toEqual({ points: 20, p: 0.3, objective: 'win' });
  });
  it('withDefaults changes only the defaults it names, and leaves the shared declarations alone', () => {
    const list = defineParams({ ...withDefaults(decls, { objective: 'win', points: 7 }) });
    expect(list.map((q) => q.default)).toEqual([7, 0.3, 'win']);
    expect(decls.objective.default).toBe('ev');
  });
  it('types the values create receives: numbers, the declared strings, and no other names', () => {
    const list = defineParams(decls);
    expectTypeOf<Values<typeof list>>().toEqualTypeOf<{ readonly points: number; readonly p: number; readonly objective: 'ev' | 'win' }>();
    const plugin = [{ name: 'cards', type: 'int', min: 1, max: 9, default: 4, doc: '' }] as const;
    expectTypeOf<Values<typeof plugin>>().toEqualTypeOf<{ readonly cards: number }>();
    expectTypeOf<Values<readonly ParamSpec[]>>().toEqualTypeOf<{ readonly [name: string]: number | string }>();
    // @ts-expect-error a default outside the declared values does not compile
    oneOf(['a', 'b'], 'c', '');
  });
});
