/**
 * A piscina worker: plays ranges of chunks. What all tasks of a pool share (the game's catalog entry
 * module, which it imports, and the rules) arrives once, as the pool's workerData; a task names only
 * its lineup and chunks. The worker knows no catalog: only the game it was set up for. Engines, tables and strategies are built once per worker and lineup, then reused.
 *
 * Results are returned by structured clone, not moved with Piscina.move: they are small (kilobytes;
 * per-game rows ~64 KB a chunk) and, measured here on 100 ms greedy tasks, moving them made the
 * worker 20-25% slower (307k against 384-416k turns/s), while copying costs well under 1%.
 */
import { pathToFileURL } from 'node:url';
import { workerData } from 'piscina';
import type { Mode, UnitRunner } from '../engine/game.js';
import { type PairedPlan, type PairedResult, lineups, playPaired } from '../engine/paired.js';
import { type ChunkPlan, type ChunkResult, playChunks } from '../engine/runner.js';
import { loadPlugins } from '../plugins.js';
import { RoundCapError, USER_ERROR_CAUSE, UserError } from '../engine/errors.js';
import { type CandidatesDefinition, type CandidatesResult, playCandidates } from '../engine/candidates.js';
import { type TournamentPlan, type TournamentResult, lineupsOf, playTournament } from '../engine/tournament.js';
import type { CatalogEntry } from '../games/entry.js';

/** Sent once to every worker of a pool. */
export interface WorkerSetup {
  /** Path of the game's catalog entry module (its default export), imported once here. */
  module: string;
  /** Paths of the strategy plugins loaded in the main thread (loaded here, after the game, before any task). */
  plugins: string[];
  game: string;
  rules: unknown;
}

export interface ChunkTask {
  kind: 'simulate';
  def: ChunkPlan;
  first: number;
  last: number;
  withDecisions: boolean;
  perGame: boolean;
}

export interface PairedTask {
  kind: 'paired';
  def: PairedPlan;
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

const setup = workerData as WorkerSetup | undefined;
const game = setup ? ((await import(pathToFileURL(setup.module).href)) as { default: CatalogEntry }).default.game : null;
if (setup && game?.name !== setup.game) throw new Error(`worker: ${setup.module} is not the catalog entry of ${setup.game}`);
if (setup) await loadPlugins(setup.plugins);

const runners = new Map<string, UnitRunner>();

/** The runner for a mode and lineup of the pool's game and rules, built once per worker. */
function runnerFor(mode: Mode, players: readonly string[]): UnitRunner {
  const key = `${mode} ${players.join(' ')}`;
  let r = runners.get(key);
  if (r === undefined) {
    if (runners.size > 64) runners.clear(); // a long-lived worker serving many different lineups
    r = game!.createRunner(setup!.rules, players, mode);
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
  return def.candidates.map((c) =>
    lineups({ field: def.field }, c).map((players) => {
      const key = JSON.stringify([def.mode, players]);
      let r = candidateCache.get(key);
      if (r === undefined) {
        r = game!.createRunner(setup!.rules, players, def.mode);
        if (candidateCache.size >= CANDIDATE_CACHE) candidateCache.delete(candidateCache.keys().next().value!);
        candidateCache.set(key, r);
      }
      return r;
    }),
  );
}

export interface TournamentTask {
  kind: 'tournament';
  def: TournamentPlan;
  first: number;
  last: number;
}

/** A tournament's runners, one per lineup, built once per worker and tournament. */
const tournamentRunners = new Map<string, { lineups: number[][]; runners: UnitRunner[] }>();

function playTournamentTask(task: TournamentTask): TournamentResult {
  const { def } = task;
  const key = JSON.stringify([def.mode, def.entrants, def.tableSize]);
  let t = tournamentRunners.get(key);
  if (t === undefined) {
    tournamentRunners.clear(); // one tournament at a time per worker
    const lineups = lineupsOf(def);
    t = { lineups, runners: lineups.map((l) => game!.createRunner(setup!.rules, l.map((i) => def.entrants[i]), def.mode)) };
    tournamentRunners.set(key, t);
  }
  return playTournament(t.runners, t.lineups, def, task.first, task.last);
}

type Task = ChunkTask | PairedTask | CandidatesTask | TournamentTask;
type Result = ChunkResult | PairedResult | CandidatesResult | TournamentResult;

export default function playTask(task: Task): Result {
  try {
    return play(task);
  } catch (e) {
    // A game the rules do not let end (round cap) is bad input, reported as one line, not a crash.
    if (e instanceof UserError || e instanceof RoundCapError) throw new Error(hint(e), { cause: USER_ERROR_CAUSE });
    throw e;
  }
}

function hint(e: Error): string {
  return e instanceof RoundCapError ? e.advice : e.message;
}

function play(task: Task): Result {
  if (task.kind === 'candidates') return playCandidates(candidateRunners(task.def), task.def, task.first, task.last);
  if (task.kind === 'tournament') return playTournamentTask(task);
  const { def } = task;
  if (def.game !== setup?.game) throw new Error(`worker: a ${def.game} task sent to a pool set up for ${setup?.game}`);
  if (task.kind === 'paired') {
    const make = (candidate: string) => lineups(task.def, candidate).map((players) => runnerFor(def.mode, players));
    return playPaired(make(task.def.a), make(task.def.b), task.def, task.first, task.last);
  }
  return playChunks(runnerFor(def.mode, task.def.players), task.def, task.first, task.last, task.withDecisions, task.perGame);
}
