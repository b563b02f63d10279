/**
 * Merges shard outputs of one run into one result, equal to the unsharded run: totals are integer
 * sums, games.arrow rows are concatenated in chunk order.
 */
import { existsSync } from 'node:fs';
import { RecordBatch } from 'apache-arrow';
import { join } from 'node:path';
import { samePlace } from '../io/input-files.js';
import { UserError } from '../engine/errors.js';
import { RunTotals } from '../engine/runner.js';
import { ArrowFileStream, readArrowFile } from '../io/arrow.js';
import { OutputDir } from '../io/output.js';
import { OUTPUT_FORMAT } from '../io/package-info.js';
import { GAMES_SCHEMA, bucketerOf, readTotals, writeDecisions, writeScores } from '../io/results.js';
import { type Manifest, checkSeal, checkSealedRun, readManifest, resultRows, writeResultManifest } from '../io/manifest.js';
import { gameModule } from '../catalog.js';

const SAME = ['format', 'game', 'rules', 'mode', 'players', 'games', 'seed', 'chunkSize', 'decisions', 'buckets', 'counterfactual', 'perGame'] as const;

/** Throws unless a shard's score histogram adds up to the totals in its run.json. */
function checkShard(dir: string, m: Manifest, t: RunTotals): void {
  m.totals.forEach((seat, s) => {
    const h = t.seats[s].histogram;
    let n = 0;
    let sum = 0;
    for (const [score, c] of h.entries()) {
      n += c;
      sum += score * c;
    }
    if (n !== seat.games || sum !== seat.sumScore) {
      throw new UserError(`merge: ${dir}: scores.arrow does not match run.json for seat ${s} (histogram: ${n} games, score sum ${sum}; run.json: ${seat.games} games, score sum ${seat.sumScore}); the shard is damaged or edited: run it again`);
    }
  });
  const games = Math.min(m.chunks.last * m.chunkSize, m.games) - m.chunks.first * m.chunkSize;
  if (m.totals.some((seat) => seat.games !== games)) {
    throw new UserError(`merge: ${dir}: run.json counts ${m.totals.map((x) => x.games).join('/')} games per seat, but chunks ${m.chunks.first}-${m.chunks.last - 1} hold ${games}; the shard is damaged or edited: run it again`);
  }
}

/** Merges the shards in `dirs` into `outDir`; returns the merged manifest and totals (for the summary). */
export async function mergeRuns(dirs: string[], outDir: string, options: { force?: boolean } = {}): Promise<{ manifest: Manifest; totals: RunTotals }> {
  if (dirs.length === 0) throw new UserError('merge: give at least one run directory');
  for (const dir of dirs) {
    if (outDir.trim() !== '' && samePlace(dir, outDir)) throw new UserError(`merge: --out ${outDir} is one of the shards being merged; choose another directory`);
  }
  const runs = dirs.map((dir) => ({ dir, m: readManifest(dir) }));
  for (const { dir, m } of runs) {
    if (m !== null && typeof m === 'object' && !Array.isArray(m)) checkSeal(join(dir, 'run.json'), m as unknown as Record<string, unknown>, 'run that shard again'); // before its kind is trusted
    if (m === null || typeof m !== 'object' || (m.kind !== 'simulate' && m.kind !== 'merge')) {
      const kind = (m as { kind?: unknown } | null)?.kind;
      throw new UserError(`merge: ${dir} holds ${typeof kind === 'string' ? `a ${kind} result` : 'no simulate result'}; merge combines the --out directories of \`simulate --shard\` runs`);
    }
    checkSealedRun(dir, m);
    if (m.format !== OUTPUT_FORMAT) {
      throw new UserError(`merge: ${dir} was written in output format ${JSON.stringify(m.format)}; this sevensim merges format ${OUTPUT_FORMAT} shards (an older one seeds its games otherwise or lacks sums this one keeps): run the shard again`);
    }
  }
  runs.sort((a, b) => a.m.chunks.first - b.m.chunks.first);
  const first = runs[0].m;
  for (const { dir, m } of runs) {
    for (const key of SAME) {
      if (JSON.stringify(m[key]) !== JSON.stringify(first[key])) {
        throw new UserError(`merge: ${dir} and ${runs[0].dir} differ in ${key}; only shards of the same run can be merged`);
      }
    }
  }
  for (let i = 1; i < runs.length; i++) {
    if (runs[i].m.chunks.first < runs[i - 1].m.chunks.last) {
      throw new UserError(`merge: ${runs[i - 1].dir} and ${runs[i].dir} overlap (chunks ${runs[i - 1].m.chunks.first}-${runs[i - 1].m.chunks.last - 1} and ${runs[i].m.chunks.first}-${runs[i].m.chunks.last - 1})`);
    }
  }
  const game = gameModule(first.game);
  const totals = new RunTotals(first.players.length, first.decisions);
  for (const { dir, m } of runs) {
    let t: RunTotals;
    try {
      t = readTotals(dir, m);
    } catch (e) {
      if (e instanceof UserError) throw e;
      throw new UserError(`merge: ${dir}: cannot read its results (${(e as Error).message.split('\n')[0]}); a file is truncated or damaged: run that shard again`);
    }
    checkShard(dir, m, t);
    totals.merge(t);
  }
  const out = new OutputDir(outDir, { force: options.force });
  out.prepare();
  try {
    if (first.perGame) {
      const stream = out.track(new ArrowFileStream(out.file('games.arrow'), GAMES_SCHEMA));
      for (const { dir, m } of runs) {
        const path = join(dir, 'games.arrow');
        if (!existsSync(path)) throw new UserError(`merge: ${dir} has no games.arrow but its run.json says --per-game`);
        // Batches read from a file carry that file's schema object; a file writer needs one schema.
        const table = readArrowFile(path);
        const rows = Number(table.numRows);
        const expected = (Math.min(m.chunks.last * m.chunkSize, m.games) - m.chunks.first * m.chunkSize) * m.players.length;
        if (rows !== expected) throw new UserError(`merge: ${path}: ${rows} rows, but its run.json says ${expected}; run that shard again`);
        for (const batch of table.batches) await stream.write(new RecordBatch(GAMES_SCHEMA, batch.data));
      }
      await stream.close();
    }
    await writeScores(out, totals, first.players);
    if (first.decisions !== 'none') await writeDecisions(out, totals, game, first.rules, first.players, first.decisions, bucketerOf(game, first.rules, first.buckets));
    const covered = runs.reduce((n, r) => n + r.m.chunks.last - r.m.chunks.first, 0);
    const complete = covered === first.chunks.total;
    const manifest: Manifest = {
      ...first,
      format: OUTPUT_FORMAT,
      kind: 'merge',
      chunks: { total: first.chunks.total, first: runs[0].m.chunks.first, last: runs[runs.length - 1].m.chunks.last },
      shard: null,
      argv: process.argv.slice(2),
      threads: Math.max(...runs.map((r) => r.m.threads)),
      seconds: runs.reduce((s, r) => s + r.m.seconds, 0),
      gamesPerSecond: totals.games / runs.reduce((s, r) => s + r.m.seconds, 0),
      totals: totals.seatSums(),
      mergedFrom: runs.map((r) => ({ dir: r.dir, chunks: r.m.chunks, shard: r.m.shard })),
      complete,
    };
    writeResultManifest(out, manifest, resultRows(totals, manifest));
    out.commit();
    return { manifest, totals };
  } catch (e) {
    out.abort();
    throw out.fault(e);
  }
}

