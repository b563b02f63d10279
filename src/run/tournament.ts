/**
 * `tournament`: every strategy meets every other at tables of N seats, every seat order on the same
 * deals (engine/tournament.ts), on the worker pool. The report rates the entrants on an Elo scale
 * (stats/ratings.ts: Bradley-Terry over every pair of finishing places, bootstrap intervals over
 * deals, likelihood of superiority over the next), gives win share and mean score with 95% CIs and a
 * head-to-head matrix; `out` writes tournament.arrow (one row per
 * ordered pair), tournament.json (the report) and run.json (the manifest), all or nothing.
 *
 * Every standard error is taken over deals, the independent unit: the games of one deal share its
 * cards. Per deal, an entrant's win share is the mean over its games in that deal.
 */
import { writeRunJson } from '../io/manifest.js';
import { checkGames, checkInteger, checkSeed, checkThreads } from '../engine/checks.js';
import { writeFileSync } from 'node:fs';
import type { GameModule, Mode } from '../engine/game.js';
import { UserError } from '../engine/errors.js';
import { WIN_UNITS } from '../engine/runner.js';
import { BOOTSTRAP_REPLICATES, type TournamentDefinition, type TournamentResult, lineupsOf, replicateFields, seatOrders, tables, tournamentFields, tournamentOffsets } from '../engine/tournament.js';
import { writeArrowFile, schemaOf } from '../io/arrow.js';
import { Checkpointer, checkDefinition, checkState, isInt, readCheckpoint } from '../io/checkpoint.js';
import { OutputDir } from '../io/output.js';
import { OUTPUT_FORMAT, gitCommit, packageVersion } from '../io/package-info.js';
import { poolSetup } from '../catalog.js';
import { runOnPool } from '../parallel/pool.js';
import type { TournamentTask } from '../parallel/worker.js';
import { likelihoodOfSuperiority, normalQuantile, rateWithBootstrap } from '../stats/ratings.js';
import { type Estimate, estimate, shareCi95, shareNeedsWilson, wilson95 } from '../stats/summary.js';
import { counted, signedRound } from '../io/words.js';

export const DEFAULT_TOURNAMENT_CHUNK = 4;

export interface TournamentOptions {
  game: GameModule;
  rules: unknown;
  preset: string | null;
  mode: Mode;
  players: string[];
  tableSize?: number;
  /** Deals: each is played at every table in every seat order. */
  games: number;
  seed: number;
  threads: number;
  chunkSize?: number;
  out?: string | null;
  /** Replace a previous result in `out`. */
  force?: boolean;
  /** Continue the interrupted tournament whose checkpoint is in `out`. */
  resume?: boolean;
  /** Milliseconds between checkpoints (default 5000). */
  checkpointEvery?: number;
  argv?: string[];
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
}

/** What a tournament checkpoints: the chunks done and their sums (integers, exact in JSON). */
interface TournamentState {
  next: number;
  sums: number[];
  games: number;
  seconds: number;
  startedAt: string;
}

export interface Ranked {
  spec: string;
  /** Entrant index (order given). */
  entrant: number;
  games: number;
  win_share: number;
  ws_se: number;
  ws_ci95: [number, number];
  mean_score: number;
  score_se: number;
  score_ci95: [number, number];
  /** Bradley-Terry rating on the Elo scale (the entrants' mean is 0); null if the fit does not exist. */
  elo: number | null;
  /** 95% bootstrap interval over deals; null if a replicate had no fit. */
  elo_ci95: [number, number] | null;
  /** Likelihood of superiority over the next entrant in the ranking (null for the last). */
  los_next: number | null;
}

export interface Pair {
  a: string;
  b: string;
  /** Entrant indices. */
  ia: number;
  ib: number;
  /** Games a and b played at the same table. */
  games: number;
  /** Head to head: the share of those games a finished ahead of b (ties count half), with its SE. */
  win_share_a: number;
  se: number;
  ci95: [number, number];
  /** a's overall win share minus b's, paired by deal, with its SE. */
  win_diff: number;
  win_diff_se: number;
  win_diff_ci95: [number, number];
  /** a's rating and its 95% interval (as in the ranking), a's rating less b's, and the likelihood a is stronger than b. */
  elo_a: number | null;
  elo_a_ci95: [number, number] | null;
  elo_diff: number | null;
  los_a: number | null;
}

export interface TournamentReport {
  game: string;
  preset: string | null;
  mode: Mode;
  seed: number;
  entrants: string[];
  tableSize: number;
  tables: number;
  seatOrders: number;
  deals: number;
  games: number;
  gamesPerEntrant: number;
  chunkSize: number;
  threads: number;
  seconds: number;
  gamesPerSecond: number;
  /** Bootstrap replicates behind the rating intervals. */
  bootstrap: number;
  /** Entrants by rating, highest first (by win share where there is no rating). */
  ranking: Ranked[];
  /** Every ordered pair (a, b), a != b, in entrant order. */
  pairs: Pair[];
}

const binomial = (n: number, k: number): number => {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
};

export function validateTournament(o: TournamentOptions): TournamentDefinition {
  const { game } = o;
  const k = o.players.length;
  if (k < 2) throw new UserError(`--players: a tournament needs at least 2 strategies, got ${k}`);
  const tableSize = o.tableSize ?? Math.min(k, 4, game.maxPlayers);
  if (!Number.isInteger(tableSize) || tableSize < 2 || tableSize > Math.min(k, game.maxPlayers)) {
    throw new UserError(`--table-size: expected an integer from 2 to ${Math.min(k, game.maxPlayers)} (at most the number of strategies, ${k}, and ${game.name}'s ${game.maxPlayers} seats), got ${tableSize}; to seat one strategy twice, list it twice`);
  }
  checkGames(o.games);
  checkSeed(o.seed);
  checkThreads(o.threads);
  const chunk = checkInteger('--chunk-size', o.chunkSize ?? DEFAULT_TOURNAMENT_CHUNK, 1, 1 << 20);
  for (const p of o.players) game.checkStrategy(p);
  for (const t of tables(k, tableSize)) game.checkLineup?.(o.rules, t.map((i) => o.players[i]), o.mode);
  const lineups = binomial(k, tableSize) * seatOrders(tableSize).length;
  if (lineups > 100_000) throw new UserError(`${k} strategies at tables of ${tableSize}: ${lineups.toLocaleString('en-US')} games a deal; use fewer strategies or smaller tables`);
  return { game: game.name, rules: o.rules, mode: o.mode, entrants: o.players, tableSize, deals: o.games, seed: o.seed, chunkSize: chunk, bootstrap: BOOTSTRAP_REPLICATES };
}

/** A checkpoint's state, field by field: chunks done within the run, and sums that fit them. */
function checkTournamentState(dir: string, st: TournamentState, def: TournamentDefinition, fields: number): void {
  const chunks = Math.ceil(def.deals / def.chunkSize);
  const deals = Math.min(st.next * def.chunkSize, def.deals);
  const lineups = lineupsOf(def).length;
  const k = def.entrants.length;
  const { oW, oH, oB } = tournamentOffsets(k);
  const n = def.tableSize;
  const perEntrant = binomial(k - 1, n - 1) * seatOrders(n).length;
  const perPair = binomial(k - 2, n - 2) * seatOrders(n).length;
  const rf = replicateFields(k);
  const sums = st.sums;
  // A resealed file passes the sha256 check: the sums are held to what the deals allow (the wins and
  // head-to-head counts exactly; the scores only by their squares: no score bound is known here).
  const pairs = (): boolean => {
    for (let a = 0; a < k; a++) {
      for (let b = a + 1; b < k; b++) if (sums[oH + a * k + b] + sums[oH + b * k + a] !== 2 * perPair * deals) return false;
    }
    return true;
  };
  // The squares and products (wins, scores, head-to-head) by Cauchy-Schwarz, as tune's sums (a sum^2 at
  // most deals x its sum of squares, a product^2 at most the two squares), with room for rounding.
  const { oS, oWW, oSS, oHH } = tournamentOffsets(k);
  const moments = (): boolean => {
    const fits = (sum: number, sq: number): boolean => (sum === 0 ? sq === 0 : sum * sum <= deals * sq * (1 + 1e-12));
    for (let a = 0; a < k; a++) {
      if (!fits(sums[oW + a], sums[oWW + a * k + a]) || !fits(sums[oS + a], sums[oSS + a * k + a])) return false;
      for (let b = 0; b < k; b++) {
        if (a !== b && !fits(sums[oH + a * k + b], sums[oHH + a * k + b])) return false;
        if (sums[oWW + a * k + b] ** 2 > sums[oWW + a * k + a] * sums[oWW + b * k + b] * (1 + 1e-12)) return false;
        if (sums[oSS + a * k + b] ** 2 > sums[oSS + a * k + a] * sums[oSS + b * k + b] * (1 + 1e-12)) return false;
      }
    }
    return true;
  };
  const replicates = (): boolean => {
    for (let r = 0; r < def.bootstrap; r++) {
      const o = oB + r * rf;
      for (let i = 1; i < rf; i++) if (sums[o + i] > sums[o] * 2 * perPair) return false;
    }
    return true;
  };
  checkState(dir, st, [
    [`next a chunk from 0 to ${chunks}`, () => isInt(st.next, 0, chunks)],
    [`sums ${fields} whole numbers of 0 or more`, () => Array.isArray(st.sums) && st.sums.length === fields && st.sums.every((x) => isInt(x, 0, Number.MAX_SAFE_INTEGER))],
    ['the deals in its sums to match next', () => sums[0] === deals],
    [`games ${lineups} per deal`, () => st.games === deals * lineups],
    [`each entrant's win sum at most its ${perEntrant} games a deal, and all of them one win a game`, () => sums.slice(oW, oW + k).every((w) => w <= deals * perEntrant * WIN_UNITS) && sums.slice(oW, oW + k).reduce((x, y) => x + y, 0) === st.games * WIN_UNITS],
    [`each pair's head-to-head counts adding up to 2 x its ${perPair} shared games a deal`, pairs],
    ['sums of squares and products that the sums allow', moments],
    ['bootstrap sums within their weights', replicates],
  ]);
}

/** Runs a tournament and (with `out`) writes its files. */
export async function tournament(o: TournamentOptions): Promise<TournamentReport> {
  const def = validateTournament(o);
  const k = def.entrants.length;
  const { game: _game, rules: _rules, ...plan } = def; // the pool sends the game and rules once per worker
  if (o.resume && !o.out) throw new UserError('--resume continues the tournament in an --out directory: give it');
  const out = o.out ? new OutputDir(o.out, { force: o.force, resume: o.resume }) : null;
  out?.prepare();
  // In TournamentOptions' terms, every default filled in: what `tournament --resume` reads back whole.
  const definition = { game: def.game, preset: o.preset, rules: def.rules, mode: def.mode, players: def.entrants, tableSize: def.tableSize, games: def.deals, seed: def.seed, chunkSize: def.chunkSize, bootstrap: def.bootstrap };
  const checkpoint = out ? new Checkpointer<TournamentState>(out.dir, 'tournament', definition, o.checkpointEvery) : null;
  const saved = o.resume ? readCheckpoint<TournamentState>(out!.dir) : null;
  if (saved) checkDefinition(saved, 'tournament', definition);
  const fields = tournamentFields(k, def.bootstrap);
  if (saved) checkTournamentState(out!.dir, saved.state, def, fields);
  const sums = saved ? Float64Array.from(saved.state.sums) : new Float64Array(fields);
  let games = saved?.state.games ?? 0;
  let next = saved?.state.next ?? 0;
  const secondsBefore = saved?.state.seconds ?? 0;
  const startedAt = saved ? new Date(saved.state.startedAt) : new Date();
  const t0 = performance.now();
  const state = (): { state: TournamentState } => ({ state: { next, sums: Array.from(sums), games, seconds: secondsBefore + (performance.now() - t0) / 1000, startedAt: startedAt.toISOString() } });
  try {
    await runOnPool<TournamentResult>({
      setup: poolSetup(def.game, def.rules),
      threads: o.threads,
      first: next,
      last: Math.max(next, Math.ceil(def.deals / def.chunkSize)),
      task: (first, last): TournamentTask => ({ kind: 'tournament', def: plan, first, last }),
      signal: o.signal,
      onProgress: () => o.onProgress?.(sums[0], def.deals),
      onResult(r) {
        for (let i = 0; i < sums.length; i++) sums[i] += r.sums[i];
        games += r.games;
        next = r.lastChunk; // results arrive in chunk order
        checkpoint?.maybeSave(state);
      },
    });
    o.signal?.throwIfAborted();
    const seconds = secondsBefore + (performance.now() - t0) / 1000;
    const report = summarise(o, def, sums, games, seconds);
    if (out) {
      await writeArrowFile(out.file('tournament.arrow'), TOURNAMENT_SCHEMA, {
        a: report.pairs.map((p) => p.a),
        b: report.pairs.map((p) => p.b),
        games: BigInt64Array.from(report.pairs, (p) => BigInt(p.games)),
        win_share_a: Float64Array.from(report.pairs, (p) => p.win_share_a),
        se: Float64Array.from(report.pairs, (p) => p.se),
        win_diff: Float64Array.from(report.pairs, (p) => p.win_diff),
        win_diff_se: Float64Array.from(report.pairs, (p) => p.win_diff_se),
        elo_a: Float64Array.from(report.pairs, (p) => p.elo_a ?? NaN),
        elo_a_lo: Float64Array.from(report.pairs, (p) => p.elo_a_ci95?.[0] ?? NaN),
        elo_a_hi: Float64Array.from(report.pairs, (p) => p.elo_a_ci95?.[1] ?? NaN),
        elo_diff: Float64Array.from(report.pairs, (p) => p.elo_diff ?? NaN),
        los_a: Float64Array.from(report.pairs, (p) => p.los_a ?? NaN),
      });
      writeFileSync(out.file('tournament.json'), JSON.stringify(report, null, 2) + '\n');
      const manifest = {
        format: OUTPUT_FORMAT,
        kind: 'tournament',
        version: packageVersion(),
        gitCommit: gitCommit(),
        game: def.game,
        preset: o.preset,
        seed: def.seed,
        rules: def.rules,
        mode: def.mode,
        players: def.entrants,
        tableSize: def.tableSize,
        deals: def.deals,
        games,
        chunkSize: def.chunkSize,
        threads: o.threads,
        argv: o.argv ?? [],
        startedAt: startedAt.toISOString(),
        seconds,
        gamesPerSecond: games / seconds,
      };
      writeRunJson(out, manifest);
      out.commit(o.signal);
    }
    return report;
  } catch (e) {
    // Interrupted: keep the last checkpoint for --resume; a fault: remove everything (the previous result stays).
    out?.abort({ keepCheckpoint: o.signal?.aborted === true });
    throw out ? out.fault(e) : e;
  }
}

/**
 * tournament.arrow: one row per ordered pair (head to head, and the paired difference of overall win
 * shares), with a's rating and its interval, the rating difference a - b and the chance a is the
 * stronger (NaN where there is no fit).
 */
export const TOURNAMENT_SCHEMA = schemaOf([
  ['a', 'utf8'],
  ['b', 'utf8'],
  ['games', 'int64'],
  ['win_share_a', 'float64'],
  ['se', 'float64'],
  ['win_diff', 'float64'],
  ['win_diff_se', 'float64'],
  ['elo_a', 'float64'],
  ['elo_a_lo', 'float64'],
  ['elo_a_hi', 'float64'],
  ['elo_diff', 'float64'],
  ['los_a', 'float64'],
]);

function summarise(o: TournamentOptions, def: TournamentDefinition, sums: Float64Array, games: number, seconds: number): TournamentReport {
  const k = def.entrants.length;
  const n = def.tableSize;
  const orders = seatOrders(n).length;
  const deals = sums[0];
  const perEntrant = binomial(k - 1, n - 1) * orders; // an entrant's games per deal
  const perPair = binomial(k - 2, n - 2) * orders; // games two entrants share per deal
  const { oW, oS, oWW, oSS, oH, oHH } = tournamentOffsets(k);
  const wScale = perEntrant * WIN_UNITS;
  const rated = ratingsOf(k, def.bootstrap, perPair, sums);
  const ranking: Ranked[] = def.entrants.map((spec, a) => {
    const w = estimate(deals, sums[oW + a] / wScale, sums[oWW + a * k + a] / (wScale * wScale));
    const s = estimate(deals, sums[oS + a] / perEntrant, sums[oSS + a * k + a] / (perEntrant * perEntrant));
    const { elo, elo_ci95 } = rated.ratings[a];
    const wsCi = shareInterval(w, deals);
    return { spec, entrant: a, games: deals * perEntrant, win_share: w.mean, ws_se: w.se, ws_ci95: wsCi, mean_score: s.mean, score_se: s.se, score_ci95: s.ci95, elo, elo_ci95, los_next: null };
  });
  ranking.sort((x, y) => (y.elo ?? -Infinity) - (x.elo ?? -Infinity) || y.win_share - x.win_share || y.mean_score - x.mean_score || x.entrant - y.entrant);
  for (let i = 0; i + 1 < k; i++) ranking[i].los_next = likelihoodOfSuperiority(rated, ranking[i].entrant, ranking[i + 1].entrant);
  const pairs: Pair[] = [];
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < k; b++) {
      if (a === b) continue;
      const hScale = 2 * perPair;
      const h: Estimate = estimate(deals, sums[oH + a * k + b] / hScale, sums[oHH + a * k + b] / (hScale * hScale));
      const diffSum = (sums[oW + a] - sums[oW + b]) / wScale;
      const diffSq = (sums[oWW + a * k + a] - 2 * sums[oWW + a * k + b] + sums[oWW + b * k + b]) / (wScale * wScale);
      const d = estimate(deals, diffSum, diffSq);
      const wa = ranking.find((x) => x.entrant === a)!.win_share;
      const wb = ranking.find((x) => x.entrant === b)!.win_share;
      // Where a share needs Wilson's interval its normal one is too narrow (0 wide at 0 or 1), and so is the
      // difference's: then the difference of the two shares' 97.5% Wilson intervals (95% together, Bonferroni).
      if (shareNeedsWilson(wa, deals) || shareNeedsWilson(wb, deals)) {
        const [la, ua] = wilson95(wa, deals, Z975);
        const [lb, ub] = wilson95(wb, deals, Z975);
        d.ci95 = [la - ub, ua - lb];
      }
      const [ra, rb] = [rated.ratings[a], rated.ratings[b]];
      pairs.push({
        a: def.entrants[a], b: def.entrants[b], ia: a, ib: b, games: deals * perPair, win_share_a: h.mean, se: h.se, ci95: shareInterval(h, deals), win_diff: d.mean, win_diff_se: d.se, win_diff_ci95: d.ci95,
        elo_a: ra.elo, elo_a_ci95: ra.elo_ci95, elo_diff: ra.elo === null || rb.elo === null ? null : ra.elo - rb.elo, los_a: likelihoodOfSuperiority(rated, a, b),
      });
    }
  }
  return {
    game: def.game,
    preset: o.preset,
    mode: def.mode,
    seed: def.seed,
    entrants: def.entrants,
    tableSize: n,
    tables: binomial(k, n),
    seatOrders: orders,
    deals,
    games,
    bootstrap: def.bootstrap,
    gamesPerEntrant: deals * perEntrant,
    chunkSize: def.chunkSize,
    threads: o.threads,
    seconds,
    gamesPerSecond: games / seconds,
    ranking,
    pairs,
  };
}

/**
 * Bradley-Terry ratings of the head-to-head counts (sums hold them in half-comparisons: 2 a win, 1 a
 * tie), with the bootstrap replicates' counts rebuilt from their pairs a < b: b's count over a is
 * the pair's comparisons (perPair a deal, times the replicate's weight sum) less a's.
 */
function ratingsOf(k: number, bootstrap: number, perPair: number, sums: Float64Array): ReturnType<typeof rateWithBootstrap> {
  const { oH, oB } = tournamentOffsets(k);
  const point = Float64Array.from({ length: k * k }, (_, i) => sums[oH + i] / 2);
  const rf = replicateFields(k);
  // A replicate that drew no deal at all (chance e^-deals) resamples nothing: it is left out. One deal
  // has nothing to resample (every replicate is that deal): no interval, no LOS, rather than a point.
  const drew = sums[0] < 2 ? [] : Array.from({ length: bootstrap }, (_, r) => oB + r * rf).filter((o) => sums[o] > 0);
  const replicates = drew.map((o) => {
    const m = new Float64Array(k * k);
    for (let a = 0, i = 0; a < k; a++) {
      for (let b = a + 1; b < k; b++, i++) {
        const u = sums[o + 1 + i];
        m[a * k + b] = u / 2;
        m[b * k + a] = perPair * sums[o] - u / 2;
      }
    }
    return m;
  });
  return rateWithBootstrap(k, point, replicates);
}

const f = (x: number, d: number): string => (Number.isFinite(x) ? x.toFixed(d) : '-');

/** z for a two-sided 97.5% interval (1 - 0.025 / 2): two of them hold together at 95%. */
const Z975 = normalQuantile(1 - 0.025 / 2);

/**
 * A share's 95% CI over the deals (the independent unit): the normal one cut at 0 and 1, or Wilson's on
 * the deals where a share times them (or its complement) is under 5, so that a strategy that won every
 * game of 20 deals gets [0.84, 1], not [1, 1].
 */
function shareInterval(e: Estimate, deals: number): [number, number] {
  const [lo, hi] = shareCi95(e.mean, deals, e.se);
  return [Math.max(0, lo), Math.min(1, hi)];
}

/** A head-to-head share and its 95% CI: `0.550±0.020`, or where the two sides differ (cut at 0 or 1, Wilson's), `0.972+0.028-0.054`. */
export function headToHeadCell(p: number, lo: number, hi: number): string {
  const up = hi - p;
  const down = p - lo;
  if (!(Math.abs(up - down) >= 5e-4)) return `${f(p, 3)}±${f(up, 3)}`; // a NaN prints as before: '-'
  return `${p.toFixed(3)}+${up.toFixed(3)}-${down.toFixed(3)}`;
}

export function formatTournament(r: TournamentReport): string {
  const k = r.entrants.length;
  const lines = [
    `${r.game} (${r.preset ?? 'rules file'}), ${r.mode} mode, ${k} strategies at tables of ${r.tableSize}: ${counted(r.tables, 'table')} x ${r.seatOrders} seat orders, ` +
      `${r.deals.toLocaleString('en-US')} deals = ${r.games.toLocaleString('en-US')} games (${r.gamesPerEntrant.toLocaleString('en-US')} per strategy), seed ${r.seed}: ` +
      `${Math.round(r.gamesPerSecond).toLocaleString('en-US')} games/s on ${counted(r.threads, 'thread')}`,
  ];
  const width = Math.max(8, ...r.entrants.map((e) => e.length));
  const elo = (x: number | null): string => (x === null ? '-' : signedRound(x));
  const eloCi = (c: [number, number] | null): string => (c === null ? '-' : `[${elo(c[0])}, ${elo(c[1])}]`);
  const ciWidth = Math.max(6, ...r.ranking.map((x) => eloCi(x.elo_ci95).length));
  lines.push(`rank  ${'strategy'.padEnd(width)}    Elo  ${'95% CI'.padEnd(ciWidth)}  LOS next  win share  95% CI             mean score  95% CI`);
  r.ranking.forEach((x, i) => {
    const los = x.los_next === null ? '-' : `${(100 * x.los_next).toFixed(1)}%`;
    lines.push(
      `${String(i + 1).padStart(4)}  ${x.spec.padEnd(width)}  ${elo(x.elo).padStart(5)}  ${eloCi(x.elo_ci95).padEnd(ciWidth)}  ${los.padStart(8)}  ${f(x.win_share, 4).padStart(9)}  [${f(x.ws_ci95[0], 4)}, ${f(x.ws_ci95[1], 4)}]  ${f(x.mean_score, 2).padStart(10)}  [${f(x.score_ci95[0], 2)}, ${f(x.score_ci95[1], 2)}]`,
    );
  });
  lines.push('');
  lines.push(`head to head: the share of shared games the row finished ahead of the column (ties count half) +/- the 95% CI half-width`);
  if (r.pairs.some((p) => headToHeadCell(p.win_share_a, p.ci95[0], p.ci95[1]).includes('+'))) {
    lines.push(`(share+up-down: the interval is cut at 0 or 1, or is Wilson's over the ${r.deals.toLocaleString('en-US')} deals where the share times the deals, or its complement, is under 5)`);
  }
  const order = r.ranking.map((x) => x.entrant);
  const cell = (a: number, b: number): string => {
    if (a === b) return '-';
    const p = r.pairs.find((q) => q.ia === a && q.ib === b)!;
    return headToHeadCell(p.win_share_a, p.ci95[0], p.ci95[1]);
  };
  // Columns as wide as the widest cell and two spaces: a cut interval (share+up-down) is 17 characters.
  const cellWidth = 2 + Math.max(11, ...order.flatMap((a) => order.map((b) => cell(a, b).length)));
  lines.push(`${''.padEnd(4 + width)}  ${order.map((_, j) => String(j + 1).padStart(cellWidth)).join('')}`);
  order.forEach((a, i) => lines.push(`${String(i + 1).padStart(2)}  ${r.entrants[a].padEnd(width)}  ${order.map((b) => cell(a, b).padStart(cellWidth)).join('')}`));
  lines.push(
    `Elo: a Bradley-Terry fit of every pair of finishing places (a tie counts half), mean 0; a lead of d finishes ahead with chance 1/(1+10^(-d/400)); ` +
      `95% CI from ${r.bootstrap} bootstrap resamples of the deals; LOS next: the chance the row is stronger than the next one down.`,
  );
  if (r.ranking.some((x) => x.elo === null)) lines.push('Elo -: no finite fit (some strategies never finished behind, or never ahead of, the others); play more deals.');
  else if (r.deals < 2) lines.push('Elo CI and LOS -: one deal has nothing to resample (every bootstrap resample is that deal); play more deals.');
  else if (r.ranking.some((x) => x.elo_ci95 === null)) lines.push('Elo CI and LOS -: some resamples of the deals had no finite fit; play more deals.');
  else if (r.ranking.slice(0, -1).some((x) => x.los_next === null)) lines.push('LOS -: that entrant\'s Elo lead over the next one down was the same in every resample of the deals, which gives no measure of how sure it is; play more deals.');
  lines.push(`win share: ${r.mode === 'game' ? 'share of the games won (a shared win counts 1/k)' : 'share of the rounds with the highest score at the table (a tie shares it)'}; CIs from the spread over deals (the games of a deal share its cards), Wilson's over the deals where the share times them (or its complement) is under 5.`);
  return lines.join('\n');
}
