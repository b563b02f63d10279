/**
 * Merges shard outputs of one run into one result, equal to the unsharded run: totals are integer
 * sums, games.arrow rows are concatenated in chunk order.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { RecordBatch } from 'apache-arrow';
import { join } from 'node:path';
import { UserError } from '../engine/errors.js';
import { RunTotals } from '../engine/runner.js';
import { ArrowFileStream, readArrowFile } from '../io/arrow.js';
import { OutputDir } from '../io/output.js';
import { GAMES_SCHEMA, type Manifest, bucketerOf, readManifest, readTotals, writeDecisions, writeScores } from '../io/results.js';
import { gameModule } from '../games/registry.js';

const SAME = ['game', 'rules', 'mode', 'players', 'games', 'seed', 'chunkSize', 'decisions', 'buckets', 'counterfactual', 'perGame'] as const;

export async function mergeRuns(dirs: string[], outDir: string): Promise<Manifest> {
  if (dirs.length === 0) throw new UserError('merge: give at least one run directory');
  const runs = dirs.map((dir) => ({ dir, m: readManifest(dir) })).sort((a, b) => a.m.chunks.first - b.m.chunks.first);
  const first = runs[0].m;
  for (const { dir, m } of runs) {
    for (const key of SAME) {
      if (JSON.stringify(m[key]) !== JSON.stringify(first[key])) {
        throw new UserError(`merge: ${dir} has a different ${key} from ${runs[0].dir}; only shards of the same run can be merged`);
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
    const t = readTotals(dir, m);
    totals.games += t.games;
    t.seats.forEach((s, i) => {
      const into = totals.seats[i];
      into.games += s.games;
      into.sumScore += s.sumScore;
      into.sumScoreSq += s.sumScoreSq;
      into.sumWin += s.sumWin;
      into.sumWinSq += s.sumWinSq;
      into.rounds += s.rounds;
      into.busts += s.busts;
      for (const [score, c] of s.histogram) into.histogram.set(score, (into.histogram.get(score) ?? 0) + c);
    });
    for (const [state, a, v] of t.decisions.entries()) totals.decisions.add(state, a, v);
  }
  const out = new OutputDir(outDir);
  out.prepare();
  try {
    if (first.perGame) {
      const stream = new ArrowFileStream(out.file('games.arrow'), GAMES_SCHEMA);
      for (const { dir } of runs) {
        const path = join(dir, 'games.arrow');
        if (!existsSync(path)) throw new UserError(`merge: ${dir} has no games.arrow but its run.json says --per-game`);
        // Batches read from a file carry that file's schema object; a file writer needs one schema.
        for (const batch of readArrowFile(path).batches) await stream.write(new RecordBatch(GAMES_SCHEMA, batch.data));
      }
      await stream.close();
    }
    await writeScores(out, totals, first.players);
    if (first.decisions !== 'none') await writeDecisions(out, totals, game, first.rules, first.players, first.decisions, bucketerOf(game, first.rules, first.buckets));
    const covered = runs.reduce((n, r) => n + r.m.chunks.last - r.m.chunks.first, 0);
    const complete = covered === first.chunks.total;
    const manifest: Manifest = {
      ...first,
      chunks: { total: first.chunks.total, first: runs[0].m.chunks.first, last: runs[runs.length - 1].m.chunks.last },
      shard: null,
      argv: process.argv.slice(2),
      threads: Math.max(...runs.map((r) => r.m.threads)),
      seconds: runs.reduce((s, r) => s + r.m.seconds, 0),
      gamesPerSecond: totals.games / runs.reduce((s, r) => s + r.m.seconds, 0),
      totals: totals.seats.map(({ histogram: _h, ...t }) => t),
      mergedFrom: runs.map((r) => ({ dir: r.dir, chunks: r.m.chunks, shard: r.m.shard })),
      complete,
    };
    writeFileSync(out.file('run.json'), JSON.stringify(manifest, null, 2) + '\n');
    out.commit();
    return manifest;
  } catch (e) {
    out.abort();
    throw e;
  }
}

