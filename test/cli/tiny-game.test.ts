/**
 * The test-only game (test/fixtures/tiny-game.ts) through the CLI: registered at run time
 * (register-tiny.ts, `node --import`) with no other file edited, it is solved by its own analysis,
 * tuned, played in a tournament and as a trace, and `report` draws its own chart beside the
 * generic ones.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';

const REGISTER = fileURLToPath(new URL('../../dist/test/fixtures/register-tiny.js', import.meta.url));

function tiny(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', REGISTER, CLI, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The exact expected round score of below:at=t with a fair d6: keep a first throw of t or more, else throw again (3.5). */
const belowValue = (t: number): number => ((t - 1) * 3.5 + Array.from({ length: 7 - t }, (_, k) => t + k).reduce((a, b) => a + b, 0)) / 6;

describe('the test-only game through solve, tune, tournament, play and report', () => {
  const dir = tempDir('tiny-cli');
  const out = (name: string) => join(dir, name);

  it('runs every command and report draws its chart', () => {
    // Its analysis: keep 4, 5, 6, throw again below (a new throw is worth 3.5): (3 x 3.5 + 4 + 5 + 6) / 6 = 4.25.
    const solve = tiny('solve', '--game', 'tiny', '--out', out('solve'));
    expect(solve.stderr).toBe('');
    expect(solve.stdout).toMatch(/^tiny \(d6\): throw again below 4; expected round score 4\.2500 \(exact\)/);

    const tune = tiny('tune', '--game', 'tiny', '--strategy', 'below', '--param', 'at=1:7:1', '--field', 'keep', '--budget', '20000', '--threads', '2', '--quiet', '--out', out('tune'));
    expect(tune.stderr).toBe('');
    const [, at, lo, hi] = /below:at=(\d)\n\s+mean on confirmation: [\d.]+ {2}95% CI \[([\d.]+), ([\d.]+)\]/.exec(tune.stdout)!.map(Number);
    // The confirmation games are new games: their 95% CI holds the chosen threshold's exact value.
    expect(belowValue(at)).toBeGreaterThanOrEqual(lo);
    expect(belowValue(at)).toBeLessThanOrEqual(hi);

    const tour = tiny('tournament', '--game', 'tiny', '--players', 'keep', 'below', 'coin', '--games', '2000', '--threads', '2', '--quiet', '--out', out('tournament'));
    expect(tour.stderr).toBe('');
    // below scores 4.25 a round against 3.5 for keep and coin (a rethrow is worth 3.5 too): it leads
    // the ranking, and each mean game score's 95% CI holds 3 rounds x its exact round value.
    expect(tour.stdout).toMatch(/^\s*1\s+below\b/m);
    for (const [name, exact] of [['below', 12.75], ['keep', 10.5], ['coin', 10.5]] as const) {
      const [, lo, hi] = new RegExp(`^\\s*\\d\\s+${name}\\b.*\\s([\\d.]+)\\s+\\[([\\d.]+), ([\\d.]+)\\]$`, 'm').exec(tour.stdout)!.slice(1).map(Number);
      expect(exact, name).toBeGreaterThanOrEqual(lo);
      expect(exact, name).toBeLessThanOrEqual(hi);
    }

    const play = tiny('play', '--game', 'tiny', '--players', 'keep', 'below', '--seed', '3');
    expect(play.stderr).toBe('');
    expect(play.stdout).toMatch(/^totals \d+ \d+\n$/);
    expect(tiny('play', '--game', 'tiny', '--players', 'keep', 'below', '--seed', '3').stdout).toBe(play.stdout);

    const report = tiny('report', out('solve'), out('tune'), out('tournament'), '--out', out('report'));
    expect(report.stderr).toBe('');
    const html = readFileSync(join(out('report'), 'report.html'), 'utf8');
    expect(html).toContain('tiny: keep or throw again');
    expect(html).toMatch(/best policy 4\.25\./);
  }, 240_000);
});
