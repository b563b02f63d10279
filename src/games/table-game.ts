/**
 * A game in progress at which a person answers one seat's questions (`play --human`): what the
 * terminal and the line protocol (src/cli/ui/play-human.ts) need from each game's own object
 * (src/games/<game>/analyses/human-game.ts). No I/O here or there: the tests drive the same objects.
 */
import type { GameRecord } from '../engine/game-record.js';

export interface TableGame {
  readonly over: boolean;
  /** The `play` trace of the game so far; `shown` of them were shown already (the caller moves it). */
  readonly lines: string[];
  shown: number;
  /** The table as it stands. */
  table(): string;
  /** The waiting question in words. */
  question(): string;
  /** The legal answers with their keys, one line. */
  keys(): string;
  /** Answers the waiting question; an error line naming the legal answers when the input is none of them. */
  answer(input: string): string | null;
  /** The suggested answer (the hint's best), as typed. */
  suggestedInput(): string;
  /** The hint panel of the waiting question. */
  hintText(): string;
  result(): string;
  /** The game as `play --json` writes it, with the person's answers. */
  record(): GameRecord;
  /** The review of the person's seat (after the game). */
  review(onProgress?: (done: number, total: number) => void): string;
  /** The `advise --review` command that gives this review again from the saved FILE. */
  reviewCommand(file: string): string;
}

/** Options of `play --human` (and track's hints). */
export interface TableOptions {
  /** SEVN: paired rollouts behind a draw-or-stay hint (SEVENFALL hints are exact). */
  hintRollouts: number;
  /** SEVN: paired rollouts a decision in the review at the end of the game. */
  reviewRollouts: number;
}

/** The defaults: 400 hint rollouts keep a SEVN hint's p95 near 110 ms of CPU time (npm run bench:hints). */
export const DEFAULT_TABLE_OPTIONS: TableOptions = { hintRollouts: 400, reviewRollouts: 1000 };
