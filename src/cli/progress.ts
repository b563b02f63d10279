/** A cli-progress bar on stderr: games done, games per second, time left. Off when not a terminal. */
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

export function progressBar(quiet: boolean, label = 'games'): Progress {
  if (quiet || !process.stderr.isTTY) return { update() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: ` {bar} {percentage}% | {value}/{total} ${label} | {rate}/s | ETA {eta_formatted}`,
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  const t0 = performance.now();
  let started = false;
  return {
    update(done, total) {
      const rate = Math.round(done / Math.max(1e-3, (performance.now() - t0) / 1000)).toLocaleString('en-US');
      if (!started) {
        bar.start(total, done, { rate });
        started = true;
      } else bar.update(done, { rate });
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

/**
 * Runs `work` with an AbortSignal that Ctrl-C (SIGINT) or SIGTERM fires. If it was interrupted, calls
 * `cleanup` (e.g. stop the progress bar), says `message` on stderr and exits 130 (SIGINT) or 143
 * (SIGTERM), as a shell does; other errors pass on. The work itself removes partial output when its
 * signal aborts, and checks the signal before it renames any result into place.
 */
export async function interruptible<T>(message: string | (() => string), work: (signal: AbortSignal) => Promise<T>, cleanup: () => void = () => {}): Promise<T> {
  const controller = new AbortController();
  let exitCode = 130;
  const onInt = (): void => controller.abort(new Error('interrupted'));
  const onTerm = (): void => {
    exitCode = 143;
    controller.abort(new Error('terminated'));
  };
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  try {
    return await work(controller.signal);
  } catch (e) {
    cleanup();
    if (controller.signal.aborted) {
      process.stderr.write(`sevensim: ${exitCode === 143 ? 'terminated' : 'interrupted'}; ${typeof message === 'string' ? message : message()}\n`);
      process.exit(exitCode);
    }
    throw e;
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  }
}
