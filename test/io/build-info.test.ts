/**
 * The commit results record is the one the build was made from (scripts/build-info.mjs, run by
 * `npm run build`), not the checkout's HEAD when a command runs: checked on a scratch git repository.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/dirs.js';

const script = join(import.meta.dirname, '../../scripts/build-info.mjs');
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir }).toString().trim();
const recorded = (dir: string) => {
  execFileSync(process.execPath, [script, dir]);
  return (JSON.parse(readFileSync(join(dir, 'dist', 'build-info.json'), 'utf8')) as { gitCommit: string | null }).gitCommit;
};

describe('build-info', () => {
  it('records HEAD when the sources are committed, HEAD-dirty when they are not, null outside git', () => {
    const dir = tempDir('build-info');
    expect(recorded(dir)).toBeNull();
    git(dir, 'init', '-q');
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(join(dir, 'notes.md'), 'x\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'one');
    const sha = git(dir, 'rev-parse', 'HEAD');
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    expect(recorded(dir)).toBe(sha);
    writeFileSync(join(dir, 'notes.md'), 'y\n'); // not code: still clean
    expect(recorded(dir)).toBe(sha);
    writeFileSync(join(dir, 'src', 'a.ts'), 'export const a = 2;\n');
    expect(recorded(dir)).toBe(`${sha}-dirty`);
  });
});
