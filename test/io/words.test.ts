import { describe, expect, it } from 'vitest';
import { counted, signedRound } from '../../src/io/words.js';

describe('counted', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(counted(1, 'file')).toBe('1 file');
    expect(counted(0, 'file')).toBe('0 files');
    expect(counted(2, 'thread')).toBe('2 threads');
    expect(counted(1, 'entry', 'entries')).toBe('1 entry');
    expect(counted(3, 'entry', 'entries')).toBe('3 entries');
  });
  it('groups thousands as the rest of the output does', () => {
    expect(counted(21600, 'game')).toBe('21,600 games');
  });
});

describe('signedRound', () => {
  it('rounds to the unit with a sign, and never prints -0', () => {
    expect(signedRound(6.4)).toBe('+6');
    expect(signedRound(-12.6)).toBe('-13');
    expect(signedRound(-0.3)).toBe('0');
    expect(signedRound(0.3)).toBe('0');
    expect(signedRound(0)).toBe('0');
  });
});
