/**
 * Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe: commands on
 * fd 3, replies on fd 4, each a JSON message ended by a NUL byte), so no browser-automation package is
 * needed. Used by the report's real-browser test where Debian's `chromium` is installed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** The chromium binary on PATH, or null. */
export function findChromium(): string | null {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim()) return r.stdout.trim();
  }
  return null;
}

type Message = { id?: number; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown>; error?: { message: string }; sessionId?: string };

export class Chromium {
  private readonly proc: ChildProcess;
  private readonly profile: string;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(r: Record<string, unknown>): void; reject(e: Error): void }>();
  private readonly listeners: ((m: Message) => void)[] = [];
  private buffer = '';

  constructor(binary: string) {
    this.profile = mkdtempSync(join(tmpdir(), 'sevensim-chromium-'));
    this.proc = spawn(
      binary,
      ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${this.profile}`, '--remote-debugging-pipe', 'about:blank'],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    (this.proc.stdio[4] as Readable).on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('utf8');
      let at: number;
      while ((at = this.buffer.indexOf('\0')) >= 0) {
        const m = JSON.parse(this.buffer.slice(0, at)) as Message;
        this.buffer = this.buffer.slice(at + 1);
        if (m.id !== undefined && this.pending.has(m.id)) {
          const p = this.pending.get(m.id)!;
          this.pending.delete(m.id);
          if (m.error) p.reject(new Error(m.error.message));
          else p.resolve(m.result ?? {});
        } else for (const l of this.listeners) l(m);
      }
    });
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    const p = new Promise<Record<string, unknown>>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    (this.proc.stdio[3] as Writable).write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
    return p;
  }

  on(listener: (m: Message) => void): void {
    this.listeners.push(listener);
  }

  /** A new page target, attached: its session id. */
  async newPage(): Promise<string> {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    return sessionId as string;
  }

  async close(): Promise<void> {
    const exited = this.proc.exitCode !== null ? Promise.resolve() : new Promise<void>((r) => this.proc.once('exit', () => r()));
    const within = (ms: number) => Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
    this.send('Browser.close').catch(() => undefined);
    if (!(await within(10_000))) {
      this.proc.kill('SIGKILL');
      await within(5_000);
    }
    // Chromium's helper processes may still be writing the profile for a moment after the browser exits.
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
