/**
 * `node dist/bench/schedule-model.js [CHUNKS] [MS]`: a model of the pool's task scheduling
 * (src/parallel/pool.ts: tasks sized to about 100 ms, at most two a worker in flight) on two workers,
 * every chunk taking MS milliseconds, with and without the smaller tasks near the end. Prints the
 * speed-up over one worker: what the task sizes alone cost the 2-thread scaling, on a machine where
 * nothing else runs. Default: the bench's 4-player case, 26 chunks of 4,096 games at 38 ms.
 */
function makespan(chunks: number, t: number, threads: number, shrink: boolean): number {
  const free = new Array<number>(threads).fill(0); // when each worker is next idle
  const running: { end: number; first: number; last: number; at: number }[] = [];
  let next = 0;
  let group = 1;
  let end = 0;
  const submit = (at: number): void => {
    const share = Math.max(1, Math.ceil((chunks - next) / (2 * threads)));
    const first = next;
    next = Math.min(chunks, first + (shrink ? Math.min(group, share) : group));
    const w = free.indexOf(Math.min(...free)); // tasks run in order on the first idle worker
    const start = Math.max(free[w], at);
    free[w] = start + (next - first) * t;
    running.push({ end: free[w], first, last: next, at });
  };
  while (running.length < 2 * threads && next < chunks) submit(0);
  while (running.length > 0) {
    running.sort((a, b) => a.end - b.end);
    const done = running.shift()!;
    end = Math.max(end, done.end);
    group = Math.max(1, Math.round(0.1 / ((done.end - done.at) / (done.last - done.first))));
    while (running.length < 2 * threads && next < chunks) submit(done.end);
  }
  return end;
}

const [chunks = 26, ms = 38] = process.argv.slice(2).map(Number);
const one = chunks * ms / 1000;
for (const shrink of [false, true]) {
  const two = makespan(chunks, ms / 1000, 2, shrink);
  console.log(`${shrink ? 'smaller tasks near the end' : 'tasks of ~100 ms to the end'}: ${chunks} chunks of ${ms} ms, 1 worker ${one.toFixed(3)} s, 2 workers ${two.toFixed(3)} s: ${(one / two).toFixed(2)}x`);
}
