/**
 * `sevensim tune` on bad input: one line on stderr, exit code 2, nothing written. Every case through
 * the option checks in-process (planTune, where they live), and a few through the CLI end to end.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/engine/errors.js';
import { type Method, planTune } from '../../src/run/tune.js';
import { sevensim } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';
import { onSevn } from '../helpers/presets.js';

const dir = tempDir('tune-errors');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tuneArgs = (out: string) => ['tune', '--game', 'sevn', '--preset', 'sevn-numbers', '--quiet', '--threads', '1', '--out', out];

const CASES = [
    ['an unknown strategy', ['--strategy', 'genius'], /^sevensim: --strategy genius: unknown sevn strategy \(strategies: stay-at, /],
    ['an unknown parameter', ['--strategy', 'stay-at', '--param', 'pts=1:5'], /^sevensim: --param pts: strategy "stay-at" has no parameter "pts" \(parameters: points, freeze, triple, /],
    ['an empty range', ['--strategy', 'stay-at', '--param', 'points=20:20'], /^sevensim: --param points=20:20: the range is empty/],
    ['an inverted range', ['--strategy', 'stay-at', '--param', 'points=30:20'], /^sevensim: --param points=30:20: the range is inverted/],
    ['a range given to an enum', ['--strategy', 'stay-at', '--param', 'freeze=0:2'], /^sevensim: --param freeze=0:2: freeze is an enum \(fewest\|most\|self[|\w]*\); a range does not apply/],
    ['a step that does not divide the range', ['--strategy', 'stay-at', '--param', 'points=20:30:3'], /^sevensim: --param points=20:30:3: the step 3 does not divide the range 30 - 20/],
    ['a budget too small for one step', ['--strategy', 'stay-at', '--param', 'points=20:30', '--budget', '5000'], /^sevensim: --budget 5000: too small for race on this space; its first step alone needs 8800 games/],
    ['a field the game cannot seat', ['--strategy', 'stay-at', '--field', ...new Array(8).fill('stay-at')], /^sevensim: --field: sevn seats 1 to 8 players; the tuned strategy plus 8 field seats is 9/],
    ['a bad field strategy', ['--strategy', 'stay-at', '--field', 'stay-at:points=x'], /^sevensim: strategy "stay-at": points=x is not an integer/],
    ['win share in round mode', ['--strategy', 'stay-at', '--objective', 'win'], /^sevensim: --objective win: win shares exist in game mode only/],
    ['a bad objective', ['--strategy', 'stay-at', '--objective', 'at-least:x'], /^sevensim: --objective at-least:x: expected mean, win or at-least:K/],
    ['cmaes on one parameter', ['--strategy', 'stay-at', '--method', 'cmaes'], /^sevensim: --method cmaes: needs 2 to 10 numeric parameters, got 1/],
    ['cmaes on an enum', ['--strategy', 'stay-at', '--param', 'freeze', '--method', 'cmaes'], /^sevensim: --method cmaes: searches numeric parameters only; freeze is an enum/],
    ['a grid too large', ['--strategy', 'stay-at', '--param', 'points=0:300:1', '--method', 'grid'], /^sevensim: --method grid: the grid has 301 points, more than 256/],
    ['a start of another strategy', ['--strategy', 'stay-at', '--start', 'bust-cap'], /^sevensim: --start bust-cap: the start must be a spec of the tuned strategy "stay-at"/],
] as const;

/** The few flags these cases use, read as the CLI reads them. */
function options(args: readonly string[]) {
  const all = (flag: string, many = false): string[] => {
    const out: string[] = [];
    args.forEach((a, i) => {
      if (a !== flag) return;
      for (let j = i + 1; j < args.length && !args[j].startsWith('--'); j++) {
        out.push(args[j]);
        if (!many) break;
      }
    });
    return out;
  };
  return {
    ...onSevn('sevn-numbers'),
    strategy: all('--strategy')[0],
    params: all('--param'),
    fix: [],
    start: all('--start')[0] ?? null,
    field: all('--field', true),
    mode: 'round' as const,
    objective: all('--objective')[0] ?? null,
    method: (all('--method')[0] ?? 'auto') as Method,
    budget: Number(all('--budget')[0] ?? 1_000_000),
    seed: 1,
    threads: 1,
    out: null,
  };
}

describe('tune rejects bad input before any work', () => {
  it.each(CASES)('%s', (_what, args, message) => {
    let error: unknown = null;
    try {
      planTune(options(args));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    expect(`sevensim: ${(error as Error).message}`).toMatch(message);
  });
});

describe('sevensim tune on bad input: one line, exit 2, nothing written', () => {
  it.each(CASES.filter((_, i) => i % 4 === 0))('%s', (what, args, message) => {
    const out = join(dir, what.replace(/\W+/g, '-'));
    const r = sevensim(...tuneArgs(out), ...args);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });
});
