/**
 * A piscina worker: plays ranges of chunks. Engines, tables and strategies are built once per worker
 * and run definition, then reused for every task; results move back without copying.
 */
import { Piscina } from 'piscina';
import type { UnitRunner } from '../engine/game.js';
import { type ChunkResult, type RunDefinition, playChunks } from '../engine/runner.js';
import { gameModule } from '../games/registry.js';

export interface ChunkTask {
  def: RunDefinition;
  first: number;
  last: number;
  withDecisions: boolean;
  perGame: boolean;
}

let cachedKey = '';
let cached: UnitRunner | null = null;

export function runnerFor(def: RunDefinition): UnitRunner {
  const key = JSON.stringify([def.game, def.rules, def.mode, def.players]);
  if (cached === null || key !== cachedKey) {
    cached = gameModule(def.game).createRunner(def.rules, def.players, def.mode);
    cachedKey = key;
  }
  return cached;
}

export default function playTask(task: ChunkTask): ChunkResult {
  const r = playChunks(runnerFor(task.def), task.def, task.first, task.last, task.withDecisions, task.perGame);
  const buffers = [r.seats, r.histogram, r.decisions, ...(r.perGame ? [r.perGame] : [])].map((b) => b.buffer);
  // A Transferable wrapper hands every buffer to the main thread instead of copying it.
  const movable = { [Piscina.transferableSymbol]: buffers, [Piscina.valueSymbol]: r };
  return Piscina.move(movable as never) as unknown as ChunkResult;
}
