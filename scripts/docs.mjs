#!/usr/bin/env node
/**
 * The output the docs show, regenerated: every block between `<!-- docs:run -->` and `<!-- /docs:run -->`
 * in README.md and docs/*.md is a fenced block whose first line is `$ npx sevensim ...`; this script
 * reruns that command with the built CLI and writes its output below it.
 *
 *   npm run docs          rebuild, rerun every example, rewrite the blocks
 *   npm run docs:check    rerun every example (on the existing build) and fail, naming the first
 *                         difference, when a shown output differs from the rerun in anything but timings
 *
 * Examples run one after another (each uses every core) and are chosen small: the check takes well
 * under two minutes on a 2-core machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist/src/cli/main.js');
const OPEN = '<!-- docs:run -->';
const CLOSE = '<!-- /docs:run -->';
const check = process.argv.includes('--check');

/** Timings vary from run to run: "6.1 s", "665,764 games/s" and the like compare equal. */
const timeless = (text) => text.replace(/[\d,]+(\.\d+)? games\/s/g, '<N> games/s').replace(/\b\d[\d,]*(\.\d+)? s\b/g, '<T> s');

function run(command) {
  if (!command.startsWith('npx sevensim ')) throw new Error(`a docs:run block must start with "$ npx sevensim ...", not "$ ${command}"`);
  const t0 = performance.now();
  const r = spawnSync('bash', ['-c', `node ${JSON.stringify(CLI)} ${command.slice('npx sevensim '.length)}`], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`\`${command}\` failed (exit ${r.status}): ${r.stderr.trim().split('\n')[0]}`);
  process.stderr.write(`  ${((performance.now() - t0) / 1000).toFixed(1)} s  ${command}\n`);
  return r.stdout.replace(/\s+$/, '');
}

/** Reruns the blocks of one file; returns its new text and the differences found. */
function regenerate(file) {
  const text = readFileSync(file, 'utf8');
  const differences = [];
  const out = text.replace(new RegExp(`${OPEN}\\n(\`{3,})([^\\n]*)\\n([\\s\\S]*?)\\n\\1\\n${CLOSE}`, 'g'), (_, fence, info, body) => {
    const first = body.split('\n')[0];
    if (!first.startsWith('$ ')) throw new Error(`${relative(ROOT, file)}: a docs:run block must start with "$ command", not "${first}"`);
    const command = first.slice(2);
    const fresh = `${first}\n${run(command)}`;
    const [shown, rerun] = [timeless(body).split('\n'), timeless(fresh).split('\n')];
    const line = shown.findIndex((l, i) => l !== rerun[i]);
    if (line >= 0 || shown.length !== rerun.length) {
      const at = line >= 0 ? line : Math.min(shown.length, rerun.length);
      differences.push(`${relative(ROOT, file)}: the output of \`${command}\` differs from a rerun at its line ${at + 1}:\n  shown: ${shown[at] ?? '(nothing)'}\n  rerun: ${rerun[at] ?? '(nothing)'}`);
    }
    return `${OPEN}\n${fence}${info}\n${fresh}\n${fence}\n${CLOSE}`;
  });
  const blocks = text.split(OPEN).length - 1;
  if (blocks !== out.split(OPEN).length - 1 || blocks !== text.split(CLOSE).length - 1) throw new Error(`${relative(ROOT, file)}: a ${OPEN} without its fenced block and ${CLOSE}`);
  return { text: out, differences, blocks };
}

try {
  if (!existsSync(CLI)) throw new Error('no build: run `npm run build` first');
  const files = [join(ROOT, 'README.md'), ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, 'docs', f))];
  const differences = [];
  let blocks = 0;
  for (const file of files) {
    const r = regenerate(file);
    blocks += r.blocks;
    differences.push(...r.differences);
    if (!check && r.differences.length) writeFileSync(file, r.text);
  }
  if (check && differences.length) {
    console.error(`${differences.join('\n')}\n${differences.length} of ${blocks} shown outputs are stale: run \`npm run docs\` and commit the result`);
    process.exit(1);
  }
  console.log(check ? `${blocks} shown outputs match a rerun (timings aside)` : `${blocks} shown outputs rerun; ${differences.length} rewritten`);
} catch (e) {
  console.error(`docs: ${e.message}`);
  process.exit(2);
}
