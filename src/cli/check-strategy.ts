/** `sevensim check-strategy FILE`: the contract checks the built-in strategies pass, on a plugin. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { checkNumber } from '../engine/checks.js';
import { loadPlugins, pluginDef } from '../plugins.js';
import type { CheckMessage } from '../run/check-strategy-worker.js';
import { command } from './options.js';
import { counted } from '../io/words.js';

/** The worker's module: built JavaScript (under vitest this file runs from its .ts source, so dist/ is used). */
const here = fileURLToPath(import.meta.url);
const WORKER = here.endsWith('.ts') ? join(dirname(here), '../..', 'dist/src/run/check-strategy-worker.js') : join(dirname(here), '../run/check-strategy-worker.js');

export const checkStrategyCommand = command(
  (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'the plugin (an ES module whose default export is a strategy definition with a game field)' })
      .option('timeout', { type: 'number', default: 60, describe: 'seconds a check may run; past them the strategy is taken to hang (a question it never returns from): FAIL, exit 1', coerce: (v: number) => checkNumber('--timeout', v, 0, 86_400) }),
  async (a) => {
    await loadPlugins([a.file]); // a bad file: one line here, before the worker starts
    const name = pluginDef(a.file)!.def.name;
    let failed = 0;
    const print = (ok: boolean, text: string): void => {
      console.log(`${ok ? 'ok  ' : 'FAIL'}  ${text}`);
      if (!ok) failed++;
    };
    // The checks run on a worker: a plugin stuck in a loop cannot be stopped on its own thread.
    const worker = new Worker(WORKER, { workerData: { file: a.file } });
    await new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout;
      const arm = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          print(false, `no check ended within ${a.timeout} s: the strategy seems never to return from a question (a loop?); give --timeout SECONDS if it is only slow`);
          void worker.terminate();
          resolve();
        }, a.timeout * 1000);
      };
      arm();
      worker.on('message', (m: CheckMessage) => {
        if ('line' in m) {
          print(m.line.ok, m.line.text);
          arm();
        } else {
          if ('error' in m) print(false, m.error.split('\n')[0]);
          clearTimeout(timer);
          void worker.terminate();
          resolve();
        }
      });
      worker.once('error', (e) => {
        print(false, `the check stopped: ${e.message.split('\n')[0]}`);
        clearTimeout(timer);
        resolve();
      });
    });
    console.log(failed === 0 ? `${name}: every check passed` : `${name}: ${counted(failed, 'check')} failed`);
    if (failed > 0) process.exitCode = 1;
  },
);
