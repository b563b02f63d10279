import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/engine/errors.js';
import { type ParamSpec, parseSpec, resolveParams } from '../../src/engine/params.js';

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
