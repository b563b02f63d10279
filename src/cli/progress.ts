/** A cli-progress bar on stderr: games done, games per second, time left. Off when not a terminal. */
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

/** Seconds as "1h02m", "3m05s" or "12s". */
export function formatEta(seconds: number): string {
  const s = Math.round(seconds);
  if (s >= 3600) return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

/**
 * Time left from the average rate so far; none until a second has passed and 1% is done (before that,
 * pool start-up dominates and cli-progress's own estimate read "ETA 0s" at 2%).
 */
export function etaText(done: number, total: number, elapsedSeconds: number): string {
  if (done >= total) return '0s';
  if (elapsedSeconds < 1 || done < total / 100 || done <= 0) return '...';
  return formatEta(((total - done) * elapsedSeconds) / done);
}

export function progressBar(quiet: boolean, label = 'games'): Progress {
  if (quiet || !process.stderr.isTTY) return { update() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: ` {bar} {percentage}% | {value}/{total} ${label} | {rate}/s | ETA {left}`,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const t0 = performance.now();
  let started = false;
  return {
    update(done, total) {
      const elapsed = (performance.now() - t0) / 1000;
      const payload = { rate: Math.round(done / Math.max(1e-3, elapsed)).toLocaleString('en-US'), left: etaText(done, total, elapsed) };
      if (!started) {
        bar.start(total, done, payload);
        started = true;
      } else bar.update(done, payload);
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
 *
 * Signals stay handled to the end: a second Ctrl-C while the first one's cleanup runs is absorbed (it
 * killed the process and left a temporary file), and a signal that comes after the results were put
 * in place says so and exits 0, instead of dying with 143 and the new result there.
 */
export async function interruptible<T>(message: string | (() => string), work: (signal: AbortSignal) => Promise<T>, cleanup: () => void = () => {}): Promise<T> {
  const controller = new AbortController();
  let exitCode = 130;
  const onInt = (): void => {
    if (!controller.signal.aborted) controller.abort(new Error('interrupted'));
  };
  const onTerm = (): void => {
    if (controller.signal.aborted) return;
    exitCode = 143;
    controller.abort(new Error('terminated'));
  };
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  let result: T;
  try {
    result = await work(controller.signal);
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
  if (controller.signal.aborted) lateSignal(exitCode === 143 ? 'SIGTERM' : 'SIGINT');
  afterResults();
  return result;
}

/**
 * A signal that came after the results were complete and in place: say so, and exit 0, since the run
 * succeeded (143 told a scheduler to run again a job whose result was there, and --out then refused it).
 */
function lateSignal(signal: 'SIGINT' | 'SIGTERM'): never {
  process.stderr.write(`sevensim: ${signal === 'SIGTERM' ? 'terminated' : 'interrupted'} after the run was complete; its results are in place\n`);
  process.exit(0);
}

let lateHandlers = false;

/** From here to exit (printing the summary), a signal reports that the results are complete. */
function afterResults(): void {
  if (lateHandlers) return;
  lateHandlers = true;
  process.on('SIGINT', () => lateSignal('SIGINT'));
  process.on('SIGTERM', () => lateSignal('SIGTERM'));
}
