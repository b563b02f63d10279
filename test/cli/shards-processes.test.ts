/**
 * Scale-out, as scripts/slurm-local-check.sh checks it on a real Slurm (which CI does not have):
 * shards run as separate processes at the same time, then `merge`, give the unsharded run's Arrow
 * files byte for byte and its run.json totals.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, sevensim } from '../helpers/cli.js';
import { tempDir } from '../helpers/dirs.js';

const RUN = ['--game', 'sevn', '--mode', 'game', '--players', 'stay-at:points=25', 'bust-cap:p=0.3', 'random', '--games', '6000', '--chunk-size', '500', '--seed', '2026', '--decisions', 'outcomes', '--per-game', '--quiet', '--threads', '1'];

function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const p = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('close', (code) => done({ code, stderr }));
  });
}

const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));

describe('shards as separate processes', () => {
  it('merge to the unsharded run: every Arrow file byte for byte, equal run.json totals', async () => {
    const root = tempDir('shard-procs');
    const shards = [1, 2, 3].map((i) => join(root, `shard-${i}`));
    const results = await Promise.all([...shards.map((dir, i) => run(['simulate', ...RUN, '--shard', `${i + 1}/3`, '--out', dir])), run(['simulate', ...RUN, '--out', join(root, 'unsharded')])]);
    for (const r of results) expect(r, r.stderr).toMatchObject({ code: 0 });
    const merged = join(root, 'merged');
    const m = sevensim('merge', ...shards, '--out', merged, '--json');
    expect(m.code, m.stderr).toBe(0);
    const arrows = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.arrow')).sort();
    expect(arrows(merged)).toEqual(['decisions.arrow', 'games.arrow', 'scores.arrow']);
    expect(arrows(merged)).toEqual(arrows(join(root, 'unsharded')));
    for (const f of arrows(merged)) expect(readFileSync(join(merged, f)).equals(readFileSync(join(root, 'unsharded', f))), f).toBe(true);
    const [a, b] = [manifest(merged), manifest(join(root, 'unsharded'))];
    expect(a.totals).toEqual(b.totals);
    expect(a.totals[0].games).toBe(6000);
    expect(a.complete).toBe(true);
    expect(a.mergedFrom).toHaveLength(3);
  }, 120_000);
});

describe('more shards than chunks', () => {
  it('a shard with no chunks succeeds and writes nothing; merging the others gives the unsharded run', () => {
    const dir = tempDir('empty-shard');
    // 1,000 games in chunks of 300: 4 chunks; of 5 shards (floor(i x 4 / 5)), shard 1 gets none.
    const run = ['simulate', '--game', 'sevenfall', '--players', 'stand', '--games', '1000', '--chunk-size', '300', '--threads', '1', '--quiet', '--json'];
    const empty = sevensim(...run, '--shard', '1/5', '--out', join(dir, 's1'));
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('');
    expect(empty.stderr.trim()).toBe("sevensim: --shard 1/5: this shard has no chunks (4 chunks in all), so there is nothing to play and nothing was written; merge the other shards' outputs for the whole run");
    expect(readdirSync(dir)).toEqual([]);
    for (const i of [2, 3, 4, 5]) expect(sevensim(...run, '--shard', `${i}/5`, '--out', join(dir, `s${i}`)).code).toBe(0);
    const merged = sevensim('merge', ...[2, 3, 4, 5].map((i) => join(dir, `s${i}`)), '--out', join(dir, 'merged'), '--json');
    const whole = sevensim(...run);
    expect(merged.code).toBe(0);
    const seats = (s: string) => JSON.parse(s).seats;
    expect(seats(merged.stdout)).toEqual(seats(whole.stdout));
    // The run's arguments are checked first: a wrong command fails on the empty shard too.
    const bad = sevensim('simulate', '--game', 'sevenfall', '--players', 'bogus', '--games', '1000', '--chunk-size', '300', '--shard', '1/5');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown sevenfall strategy "bogus"/);
  }, 60_000);
});
