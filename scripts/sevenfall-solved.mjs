#!/usr/bin/env node
/**
 * The figures of README "Solved / SEVENFALL, two players, for the win": the exact solution
 * (`sevensim solve --game sevenfall --players 2 --objective win`, with its table) and `solved`
 * measured against `endgame` with `sevensim compare` (paired games, seats rotated, fixed seed).
 *
 *   npm run build && node scripts/sevenfall-solved.mjs [--games N] [--threads T] [--readme FILE]
 *
 * It replaces the text between the markers `<!-- sevenfall-solved:begin -->` and
 * `<!-- sevenfall-solved:end -->` of the README (default README.md) with the commands and their output.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { scriptArgs } from './args.mjs';

const { values, int } = scriptArgs(
  'node scripts/sevenfall-solved.mjs [--games 400000] [--threads T] [--readme README.md]',
  { games: { type: 'string', default: '400000' }, threads: { type: 'string', default: String(availableParallelism()) }, readme: { type: 'string', default: 'README.md' } },
);
const games = int('games', 1);
const threads = int('threads', 1);
const readme = values.readme;
const BEGIN = '<!-- sevenfall-solved:begin -->';
const END = '<!-- sevenfall-solved:end -->';

const sevensim = (...a) => execFileSync(process.execPath, ['dist/src/cli/main.js', ...a], { encoding: 'utf8', maxBuffer: 1 << 26 });
const log = (s) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);
const f = (x, d = 4) => x.toFixed(d);

const solveArgs = ['solve', '--game', 'sevenfall', '--players', '2', '--objective', 'win'];
log(solveArgs.join(' '));
const solveText = sevensim(...solveArgs, '--table').trimEnd();

const compareArgs = ['compare', '--game', 'sevenfall', '--mode', 'game', '-a', 'solved', '-b', 'endgame', '--field', 'endgame', '--games', String(games), '--seed', '2026'];
log(`${compareArgs.join(' ')} --threads ${threads}`);
const c = JSON.parse(sevensim(...compareArgs, '--threads', String(threads), '--quiet', '--json'));
const w = c.winDiff;

const block = [
  BEGIN,
  `Made by \`node scripts/sevenfall-solved.mjs\` (after \`npm run build\`); re-run it to reproduce (the compare has a fixed seed).`,
  '',
  '```sh',
  `sevensim ${solveArgs.join(' ')} --table`,
  '```',
  '```',
  solveText,
  '```',
  '',
  `\`solved\` against \`endgame\` (the best multi-seat bot), head to head: \`sevensim ${compareArgs.join(' ')}\``,
  `(${c.games.toLocaleString('en-US')} paired games: each deal played with \`solved\` and with \`endgame\` in the candidate seat, seats rotated, the other seat \`endgame\`):`,
  '',
  '| | win share | final total |',
  '|---|---|---|',
  `| \`solved\` | ${f(c.winShareA)} | ${f(c.scoreA.mean, 3)} (se ${f(c.scoreA.se, 3)}) |`,
  `| \`endgame\` | ${f(c.winShareB)} | ${f(c.scoreB.mean, 3)} (se ${f(c.scoreB.se, 3)}) |`,
  `| difference | **${w.mean >= 0 ? '+' : ''}${f(w.mean, 5)}** (se ${f(w.se, 5)}, 95% CI [${f(w.ci95[0], 5)}, ${f(w.ci95[1], 5)}], p ${w.pValue < 1e-6 ? '< 1e-6' : '= ' + w.pValue.toPrecision(2)}) | ${f(c.diff.mean, 3)} (95% CI [${f(c.diff.ci95[0], 3)}, ${f(c.diff.ci95[1], 3)}]) |`,
  END,
].join('\n');

const text = readFileSync(readme, 'utf8');
const from = text.indexOf(BEGIN);
const to = text.indexOf(END);
if (from < 0 || to < from) throw new Error(`${readme}: markers ${BEGIN} ... ${END} not found`);
writeFileSync(readme, text.slice(0, from) + block + text.slice(to + END.length));
log(`${readme}: updated`);
