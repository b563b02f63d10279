/** `sevensim solve --game sevenfall --players 2 --objective win`: its JSON, winprob.arrow, the table, and bad input. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readArrowFile } from '../../src/io/arrow.js';
import { sevenfallPreset, validateSevenfallRules } from '../../src/games/sevenfall/rules.js';
import { TwoPlayerWinSolution } from '../../src/games/sevenfall/win-solver.js';
import { sevensim, sevensimAsync } from '../helpers/cli.js';
import { listDir, tempDir } from '../helpers/dirs.js';
import { smallRules } from '../helpers/sevenfall.js';

const dir = tempDir('solve-win');
const tiny = { ...smallRules(3, 2), name: 'tiny', rounds: 2 };
const rulesFile = join(dir, 'tiny.json');
writeFileSync(rulesFile, JSON.stringify(tiny));
const win = ['solve', '--game', 'sevenfall', '--rules', rulesFile, '--players', '2', '--objective', 'win'];

describe('solve --players 2 --objective win', () => {
  it('--json --out: the reported fields, and winprob.arrow with every reachable state beside run.json', () => {
    const out = join(dir, 'out');
    const r = sevensim(...win, '--json', '--out', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report).sort()).toEqual(['bothOptimal', 'game', 'objective', 'players', 'preset', 'seat0OptimalVsEv', 'seat1OptimalVsEv', 'seconds', 'states']);
    const exact = new TwoPlayerWinSolution(validateSevenfallRules(tiny));
    expect(report.bothOptimal).toEqual({ seat0Win: exact.bothOptimal().win, tie: exact.bothOptimal().tie });
    expect(report.seat1OptimalVsEv).toEqual({ seat1Win: exact.optimalVsEv(1).win, tie: exact.optimalVsEv(1).tie });
    expect(listDir(out)).toEqual(['run.json', 'winprob.arrow']);
    expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'))).toMatchObject({ format: 5, kind: 'solve-win', game: 'sevenfall', preset: null, files: ['winprob.arrow'] });
    const t = readArrowFile(join(out, 'winprob.arrow'));
    expect(t.schema.fields.map((f) => f.name)).toEqual(['round', 'seat_to_move', 'difference', 'seat0_win', 'seat1_win', 'tie']);
    expect(t.numRows).toBe(report.states);
    const col = (name: string) => Array.from(t.getChild(name)!.toArray() as ArrayLike<number>);
    const [round, seat, diff, w0, w1, tie] = ['round', 'seat_to_move', 'difference', 'seat0_win', 'seat1_win', 'tie'].map(col);
    expect(round[0]).toBe(1);
    expect([seat[0], diff[0], w0[0], tie[0]]).toEqual([0, 0, report.bothOptimal.seat0Win, report.bothOptimal.tie]);
    for (let i = 0; i < t.numRows; i++) expect(w0[i] + w1[i] + tie[i]).toBeCloseTo(1, 12);
    expect(Math.max(...round)).toBe(2);
  });

  it('--table: seat 0\'s win share by difference, one column per round and seat to move', () => {
    const r = sevensim(...win, '--table');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toContain('diff    r1 s0  r1 s1  r2 s0  r2 s1');
    const exact = new TwoPlayerWinSolution(validateSevenfallRules(tiny));
    const share = (100 * (exact.bothOptimal().win + exact.bothOptimal().tie / 2)).toFixed(1);
    expect(lines.find((l) => l.startsWith('   0  '))).toMatch(new RegExp(`^   0 +${share.replace('.', '\\.')} `));
  });

  it.each([
    ['--players 3', [...win.slice(0, 5), '--players', '3', '--objective', 'win'], /^sevensim: --objective win: solves the 2-player game only; give --players 2 \(got 3\)\n$/],
    ['win without --players 2', ['solve', '--game', 'sevenfall', '--objective', 'win'], /^sevensim: --objective win: solves the 2-player game only; give --players 2 \(got 1\)\n$/],
    ['--table without win', ['solve', '--game', 'sevenfall', '--table'], /^sevensim: --table: prints the 2-player win table; give --players 2 --objective win\n$/],
    ['SEVN with 2 players', ['solve', '--game', 'sevn', '--players', '2'], /^sevensim: --players 2: SEVN solves the solo round/],
  ])('refuses %s in one line, exit 2', (_what, args, message) => {
    const r = sevensim(...(args as string[]));
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });

  it('refuses rules past the work limit, naming it, and leaves --out without results', () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, JSON.stringify({ ...tiny, rounds: 1000 }));
    const out = join(dir, 'big-out');
    const r = sevensim('solve', '--game', 'sevenfall', '--rules', big, '--players', '2', '--objective', 'win', '--out', out);
    expect(r.stderr).toMatch(/^sevensim: solve --objective win: these rules have up to [\d,]+ \(round, seat, difference\) states x [\d,]+ turn-graph edges = .* edge visits, over the limit of 1e\+9; use fewer rounds or a smaller canister\n$/);
    expect(r.code).toBe(2);
    expect(existsSync(out)).toBe(false); // made for this run, removed again when it wrote nothing
  });

  it('run.json is sealed: its sha256 is that of the rest; report and merge refuse it edited or unsealed, in one line', () => {
    const out = join(dir, 'sealed');
    expect(sevensim(...win, '--out', out).code).toBe(0);
    const text = readFileSync(join(out, 'run.json'), 'utf8');
    const { sha256, ...rest } = JSON.parse(text);
    expect(sha256).toBe(createHash('sha256').update(JSON.stringify(rest)).digest('hex'));
    for (const [edit, message] of [
      [{ ...rest, bothOptimal: { seat0Win: 0.99, tie: 0 }, sha256 }, /run.json: its content does not match its sha256: it was edited or damaged/],
      [{ ...rest, kind: 'simulate', sha256 }, /run.json: its content does not match its sha256: it was edited or damaged/],
      [rest, /run.json: format 5 but no sha256 \(every run.json of format 2 or later is sealed\): it was edited or damaged/],
    ] as const) {
      writeFileSync(join(out, 'run.json'), JSON.stringify(edit));
      const commands = [['report', out, '--out', join(dir, 'report')], ...(edit === rest ? [] : [['merge', out, '--out', join(dir, 'merged')]])];
      for (const args of commands) {
        const r = sevensim(...args);
        expect(r.stderr, args[0]).toMatch(new RegExp(`^sevensim: [^\n]*sealed/${message.source}[^\n]*\n$`));
        expect(r.code).toBe(2);
      }
    }
    expect(existsSync(join(dir, 'merged'))).toBe(false);
    expect(existsSync(join(dir, 'report', 'report.html'))).toBe(false);
  });

  it('SIGTERM during a long solve stops it at once: exit 143, one line, the previous result intact, no temporary files', async () => {
    const out = join(dir, 'signal');
    expect(sevensim(...win, '--out', out).code).toBe(0);
    const before = listDir(out).map((f) => [f, readFileSync(join(out, f))] as const);
    // The full canister over 7 rounds: about 1,600 states, several seconds of solving on one thread.
    const long = join(dir, 'long.json');
    writeFileSync(long, JSON.stringify({ ...sevenfallPreset('sevenfall'), name: 'long', rounds: 7 }));
    const child = sevensimAsync('solve', '--game', 'sevenfall', '--rules', long, '--players', '2', '--objective', 'win', '--out', out, '--force');
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    // Signal once the solve has started: the directory is locked (before the work) and a second later.
    while (!listDir(out).includes('.sevensim.lock')) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 1000));
    const sent = performance.now();
    child.kill('SIGTERM');
    const code = await exited;
    const seconds = (performance.now() - sent) / 1000;
    expect(code).toBe(143);
    expect(stderr).toBe('sevensim: terminated; nothing was written\n');
    expect(seconds).toBeLessThan(5); // the whole solve takes longer; answered on the main thread at once
    expect(listDir(out)).toEqual(before.map(([f]) => f)); // no lock, no temporary file
    for (const [f, bytes] of before) expect(readFileSync(join(out, f)).equals(bytes), f).toBe(true);
  }, 60_000);
});
