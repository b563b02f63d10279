/** Runs the built CLI (npm test builds first) and captures its exit code and output. */
import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

export function sevensim(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r: SpawnSyncReturns<string> = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The CLI with `input` as its standard input (a pipe, not a terminal). */
export function sevensimWithInput(input: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r: SpawnSyncReturns<string> = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000, input });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function sevensimAsync(...args: string[]) {
  return spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * The CLI killed with SIGKILL right after its n-th checkpoint (SEVENSIM_KILL_AFTER_CHECKPOINT): an
 * interrupted run made deterministically, with no kill racing the run's end. Give --checkpoint-seconds 0.
 */
export function sevensimKilledAfterCheckpoint(n: number, ...args: string[]): { signal: NodeJS.Signals | null; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, SEVENSIM_KILL_AFTER_CHECKPOINT: String(n) } });
  return { signal: r.signal, stderr: r.stderr };
}

/**
 * Polls `ready` every 20 ms until it holds; fails with `what` once the child has exited or `ms` have
 * passed, so a child that dies or never gets there fails the test in one line instead of hanging it.
 */
export async function waitUntil(child: ReturnType<typeof sevensimAsync>, ready: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the child exited before ${what}`);
    if (Date.now() > deadline) throw new Error(`no ${what} after ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
