/** `play --json` for SEVENFALL: one seeded game as data (the same game `play` prints), every turn and decision. */
import { type GameRecord, strategyRngs } from '../../../engine/game-record.js';
import { Rng, STREAM_DECK } from '../../../engine/rng.js';
import { createStrategy } from '../../../engine/strategy.js';
import { SevenfallEngine, type SevenfallTracer } from '../engine.js';
import type { SevenfallRules } from '../rules.js';
import { tileName } from '../trace.js';
import { type SevenfallPlayer, type SevenfallStrategyDef, strategySide } from '../view.js';

/** One SEVENFALL decision as played: the position (tiles as letters) and the action taken. */
export interface SevenfallDecisionRecord {
  row: string;
  locked: string;
  discarded: string;
  action: string;
}

export interface SevenfallTurnRecord {
  seat: number;
  round: number;
  drawn: string;
  decisions: SevenfallDecisionRecord[];
  final: string;
  score: number;
}

/** A SEVENFALL game record: every turn with its decisions. */
export interface SevenfallGameRecord extends GameRecord {
  turns: SevenfallTurnRecord[];
}

export function sevenfallGameRecord(strategies: readonly SevenfallStrategyDef[], rules: SevenfallRules, specs: readonly string[], seed: number): SevenfallGameRecord {
  const engine = new SevenfallEngine(rules);
  const rngs = strategyRngs(specs.length, seed);
  const side = strategySide(rules); // read-only rules and a score table of the strategies' own
  const players: SevenfallPlayer[] = specs.map((spec, seat) => createStrategy('sevenfall', strategies, spec, { rules: side.rules, table: side.table, rng: rngs[seat] }));
  const letters = (tiles: ArrayLike<number>, keep: (i: number) => boolean = () => true) => Array.from(tiles).flatMap((t, i) => (keep(i) ? [tileName(rules, t)] : [])).join(' ');
  const turns: SevenfallTurnRecord[] = [];
  let turn: SevenfallTurnRecord | null = null;
  let gone: number[] = [];
  let left = 0;
  const tracer: SevenfallTracer = {
    turnStart(seat, round, row) {
      turn = { seat, round, drawn: letters(row), decisions: [], final: '', score: 0 };
      gone = [];
      left = rules.discardBudget;
    },
    discard(_seat, mask, removed, row, locked) {
      // The position before this step: discarded tiles were unlocked where the replacements now are.
      const before = Array.from(row, (t, i) => ((mask >>> i) & 1 ? removed[i] : t));
      const wasLocked = (i: number) => locked[i] === 1 && ((mask >>> i) & 1) === 0;
      turn!.decisions.push({ row: letters(before), locked: letters(before, wasLocked), discarded: gone.map((t) => tileName(rules, t)).join(' '), action: `discard ${letters(before, (i) => ((mask >>> i) & 1) === 1)}` });
      for (let i = 0; i < row.length; i++) if ((mask >>> i) & 1) gone.push(removed[i]);
      left -= before.filter((_, i) => (mask >>> i) & 1).length;
    },
    turnEnd(_seat, row, score) {
      const t = turn!;
      // A stop is a decision only when a discard was still possible.
      const unlocked = Array.from(engine.locked).some((l) => l === 0);
      if (left > 0 && unlocked) t.decisions.push({ row: letters(row), locked: letters(row, (i) => engine.locked[i] === 1), discarded: gone.map((x) => tileName(rules, x)).join(' '), action: 'stop' });
      t.final = letters(row);
      t.score = score;
      turns.push(t);
    },
  };
  engine.tracer = tracer;
  const deck = new Rng();
  deck.reseed(seed, 0, STREAM_DECK);
  engine.playGame(players, deck);
  engine.tracer = null;
  return { format: 1, game: 'sevenfall', rules, players: [...specs], seed, totals: Array.from(engine.totals.subarray(0, specs.length)), winShare: Array.from(engine.winShare.subarray(0, specs.length)), turns };
}
