/** The numeric option checks every command shares (engine/checks.ts): each names the flag and the range it wanted. */
import { describe, expect, it } from 'vitest';
import { checkChunkSize, checkGames, checkInteger, checkNumber, checkSeed, checkThreads } from '../../src/engine/checks.js';

describe('option checks', () => {
  it('pass values in range through unchanged', () => {
    expect(checkGames(1)).toBe(1);
    expect(checkSeed(-5)).toBe(-5);
    expect(checkThreads(256)).toBe(256);
    expect(checkChunkSize(1 << 24)).toBe(1 << 24);
    expect(checkNumber('--sample-rate', 1, 0, 1)).toBe(1);
  });

  it('reject the rest with the flag, the range and the value', () => {
    expect(() => checkGames(0)).toThrow('--games: expected a whole number from 1 to 2^53 - 1 (9,007,199,254,740,991), got 0');
    expect(() => checkGames(1.5)).toThrow('--games: expected a whole number from 1 to 2^53 - 1 (9,007,199,254,740,991), got 1.5');
    expect(() => checkSeed(Number.NaN)).toThrow('--seed: expected a whole number from -(2^53 - 1) to 2^53 - 1 (doubles are exact there), got NaN');
    expect(() => checkSeed(2 ** 53)).toThrow('--seed: expected a whole number from -(2^53 - 1) to 2^53 - 1 (doubles are exact there), got 9007199254740992');
    expect(() => checkThreads(257)).toThrow('--threads: expected a whole number from 1 to 256 (more than the cores here are lowered to their number), got 257');
    expect(() => checkChunkSize(0)).toThrow('--chunk-size: expected a whole number from 1 to 16,777,216, got 0');
    expect(() => checkInteger('--rounds', -1, 0)).toThrow('--rounds: expected a whole number from 0 to 2^53 - 1 (9,007,199,254,740,991), got -1');
    expect(() => checkGames(1e20)).toThrow(`--games: expected a whole number from 1 to ${'2^53 - 1 (9,007,199,254,740,991)'}, got 1e+20`);
    expect(() => checkNumber('--sample-rate', 0, 0, 1)).toThrow('--sample-rate: expected a number in (0, 1], got 0');
    expect(() => checkNumber('--seconds', 0, 0, Infinity)).toThrow('--seconds: expected a positive number, got 0');
  });
});
