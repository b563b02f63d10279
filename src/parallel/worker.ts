/**
 * A piscina worker: plays ranges of chunks. Engines, tables and strategies are built once per worker
 * and lineup, then reused for every task.
 *
 * Results are returned by structured clone, not moved with Piscina.move: they are small (kilobytes;
 * per-game rows ~64 KB a chunk) and, measured here on 100 ms greedy tasks, moving them made the
 * worker 20-25% slower (307k against 384-416k turns/s), while copying costs well under 1%.
 */
import { type CandidatesDefinition, type CandidatesResult, playCandidates } from '../engine/candidates.js';
import type { UnitRunner } from '../engine/game.js';
import { type PairedDefinition, type PairedResult, lineups, playPaired } from '../engine/paired.js';
import { type ChunkResult, type RunDefinition, playChunks } from '../engine/runner.js';
import { gameModule } from '../games/registry.js';
import { type TournamentDefinition, type TournamentResult, lineupsOf, playTournament } from '../engine/tournament.js';

export interface ChunkTask {
  kind: 'simulate';
  def: RunDefinition;
  first: number;
  last: number;
  withDecisions: boolean;
  perGame: boolean;
}

export interface PairedTask {
  kind: 'paired';
  def: PairedDefinition;
  first: number;
  last: number;
}

/** `tune`: candidates played on the same seeded games (see engine/candidates.ts). */
export interface CandidatesTask {
  kind: 'candidates';
  def: CandidatesDefinition;
  first: number;
  last: number;
}

const runners = new Map<string, UnitRunner>();

/** The runner for a game, rules, mode and lineup, built once per worker. */
export function runnerFor(def: Pick<RunDefinition, 'game' | 'rules' | 'mode' | 'players'>): UnitRunner {
  const key = JSON.stringify([def.game, def.rules, def.mode, def.players]);
  let r = runners.get(key);
  if (r === undefined) {
    if (runners.size > 64) runners.clear(); // a long-lived worker serving many different runs
    r = gameModule(def.game).createRunner(def.rules, def.players, def.mode);
    runners.set(key, r);
  }
  return r;
}

/**
 * Runners of tune's candidates, kept across steps (a race's survivors play every round; building a
 * SEVENFALL runner takes tens of milliseconds); the oldest go first beyond a bound.
 */
const candidateCache = new Map<string, UnitRunner>();
const CANDIDATE_CACHE = 1024;

function candidateRunners(def: CandidatesDefinition): UnitRunner[][] {
  const game = gameModule(def.game);
  const rules = JSON.stringify(def.rules);
  return def.candidates.map((c) =>
    lineups({ field: def.field }, c).map((players) => {
      const key = JSON.stringify([def.game, def.mode, players]) + rules;
      let r = candidateCache.get(key);
      if (r === undefined) {
        r = game.createRunner(def.rules, players, def.mode);
        if (candidateCache.size >= CANDIDATE_CACHE) candidateCache.delete(candidateCache.keys().next().value!);
        candidateCache.set(key, r);
      }
      return r;
    }),
  );
}

export interface TournamentTask {
  kind: 'tournament';
  def: TournamentDefinition;
  first: number;
  last: number;
}

/** A tournament's runners, one per lineup, built once per worker and tournament. */
const tournamentRunners = new Map<string, { lineups: number[][]; runners: UnitRunner[] }>();

function playTournamentTask(task: TournamentTask): TournamentResult {
  const { def } = task;
  const key = JSON.stringify([def.game, def.rules, def.mode, def.entrants, def.tableSize]);
  let t = tournamentRunners.get(key);
  if (t === undefined) {
    tournamentRunners.clear(); // one tournament at a time per worker
    const lineups = lineupsOf(def);
    const game = gameModule(def.game);
    t = { lineups, runners: lineups.map((l) => game.createRunner(def.rules, l.map((i) => def.entrants[i]), def.mode)) };
    tournamentRunners.set(key, t);
  }
  return playTournament(t.runners, t.lineups, def, task.first, task.last);
}

export default function playTask(task: ChunkTask | PairedTask | CandidatesTask | TournamentTask): ChunkResult | PairedResult | CandidatesResult | TournamentResult {
  if (task.kind === 'candidates') return playCandidates(candidateRunners(task.def), task.def, task.first, task.last);
  if (task.kind === 'tournament') return playTournamentTask(task);
  if (task.kind === 'paired') {
    const { def } = task;
    const make = (candidate: string) => lineups(def, candidate).map((players) => runnerFor({ ...def, players }));
    return playPaired(make(def.a), make(def.b), def, task.first, task.last);
  }
  return playChunks(runnerFor(task.def), task.def, task.first, task.last, task.withDecisions, task.perGame);
}
