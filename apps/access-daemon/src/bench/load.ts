import { execFile } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const run = promisify(execFile);

export interface LoadResult {
  rps: number;
  p50ms: number;
  p99ms: number;
  requests: number;
  non2xx: number;
  tool: 'wrk' | 'autocannon';
}

function ms(value: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

async function hasWrk(): Promise<boolean> {
  try {
    await run('wrk', ['--version']);
    return true;
  } catch (err) {
    return (err as { code?: unknown }).code !== 'ENOENT';
  }
}

/**
 * Drives POST requests cycling through `bodies` for a fixed time: wrk (pinned to `cpu` with
 * taskset) when installed, otherwise autocannon in this process.
 */
export async function load(opts: { url: string; bodies: string[]; headers: Record<string, string>; connections: number; seconds: number; cpu?: number; workDir: string }): Promise<LoadResult> {
  if (await hasWrk()) {
    const bodiesFile = `${opts.workDir}/bodies.txt`;
    writeFileSync(bodiesFile, `${opts.bodies.join('\n')}\n`);
    const script = `${opts.workDir}/cycle.lua`;
    const headers = Object.entries({ 'Content-Type': 'application/json', ...opts.headers })
      .map(([k, v]) => `["${k}"] = "${v}"`)
      .join(', ');
    writeFileSync(
      script,
      `local bodies = {}
local i = 0
local path = "${new URL(opts.url).pathname}"
for line in io.lines("${bodiesFile}") do bodies[#bodies + 1] = line end
request = function()
  i = i + 1
  if i > #bodies then i = 1 end
  return wrk.format("POST", path, { ${headers} }, bodies[i])
end
`,
    );
    const args = ['-t1', `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency', '-s', script, opts.url];
    const { stdout } = opts.cpu === undefined ? await run('wrk', args) : await run('taskset', ['-c', String(opts.cpu), 'wrk', ...args]);
    const num = (re: RegExp) => Number(re.exec(stdout)?.[1] ?? 0);
    return {
      rps: num(/Requests\/sec:\s+([\d.]+)/),
      p50ms: ms(/^\s+50%\s+(\S+)/m.exec(stdout)?.[1] ?? ''),
      p99ms: ms(/^\s+99%\s+(\S+)/m.exec(stdout)?.[1] ?? ''),
      requests: num(/(\d+) requests in/),
      non2xx: num(/Non-2xx or 3xx responses:\s+(\d+)/),
      tool: 'wrk',
    };
  }
  let i = 0;
  const r = await autocannon({
    url: opts.url,
    method: 'POST',
    connections: opts.connections,
    duration: opts.seconds,
    headers: { 'content-type': 'application/json', ...opts.headers },
    requests: [{ setupRequest: (req) => ({ ...req, body: opts.bodies[i++ % opts.bodies.length] }) }],
  });
  return { rps: r.requests.average, p50ms: r.latency.p50, p99ms: r.latency.p99, requests: r.requests.total, non2xx: r.non2xx, tool: 'autocannon' };
}

export interface FixedRateResult {
  rate: number;
  sent: number;
  answered: number;
  non2xx: number;
  errors: number;
  p50ms: number;
  p99ms: number;
  maxms: number;
  /** How late the generator's timer sent requests (p99): reported, not counted as latency unless a request also waited for a connection. */
  generatorLateP99ms: number;
  /** Whether the generator ran at a raised priority (set by the bench, where it may). */
  raised?: boolean;
}

/** One keep-alive connection carrying one request at a time (the daemon closes a connection that pipelines). */
class RawConnection {
  busy = false;
  private buffer: Buffer = Buffer.alloc(0);
  private current: { dueAt: number; done: (status: number) => void } | null = null;
  readonly socket: Socket;

  constructor(host: string, port: number, onFree: (c: RawConnection) => void, onLost: () => void) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end === -1 || !this.current) return;
      const head = this.buffer.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (this.buffer.length < end + 4 + length) return;
      this.buffer = this.buffer.subarray(end + 4 + length);
      const { done } = this.current;
      this.current = null;
      this.busy = false;
      done(Number(head.slice(9, 12)));
      onFree(this);
    });
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      if (this.current) this.current.done(0);
      this.current = null;
      onLost();
    });
  }

  send(bytes: Buffer, dueAt: number, done: (status: number) => void): void {
    this.busy = true;
    this.current = { dueAt, done };
    this.socket.write(bytes);
  }
}

export interface FixedRateOptions {
  url: string;
  bodies: string[];
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  connections: number;
}

/**
 * Open-loop load: request i is due at start + i / rate whatever the answers before it. A request
 * that finds every connection busy waits in a queue and its latency counts from when it was due,
 * so time spent queued behind a slow answer is measured (no coordinated omission); one sent at
 * once counts from its write, so the generator's 1 ms timer ticks (reported as
 * `generatorLateP99ms`) are not charged to the server. autocannon's overallRate is not this: each connection sends its quota
 * back to back at the start of every second. Requests are written as prepared bytes on raw
 * keep-alive sockets: an HTTP client library costs the generator more than the daemon spends on a
 * tap, and its own queueing would be measured as the daemon's. Bounded by count (rate x seconds)
 * and by time.
 */
export async function fixedRate(opts: FixedRateOptions): Promise<FixedRateResult> {
  const target = new URL(opts.url);
  const head = Object.entries({ Host: target.host, 'Content-Type': 'application/json', ...opts.headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const requests = opts.bodies.slice(0, 50_000).map((b) => Buffer.from(`POST ${target.pathname} HTTP/1.1\r\n${head}Content-Length: ${Buffer.byteLength(b)}\r\n\r\n${b}`));
  const total = Math.max(1, Math.round(opts.rate * opts.seconds));
  const latencies: number[] = [];
  const waiting: Array<{ i: number; dueAt: number; from: number }> = [];
  const lateness: number[] = [];
  const free: RawConnection[] = [];
  let sent = 0;
  let non2xx = 0;
  let errors = 0;
  let settled = 0;
  let finished: () => void = () => {};
  const finish = () => {
    if (++settled >= total) finished();
  };
  const dispatch = (c: RawConnection, job: { i: number; dueAt: number; from: number }) =>
    c.send(requests[job.i % requests.length]!, job.dueAt, (status) => {
      if (status === 0) errors++;
      else {
        latencies.push(performance.now() - job.from);
        if (status < 200 || status >= 300) non2xx++;
      }
      finish();
    });
  const onFree = (c: RawConnection) => {
    const job = waiting.shift();
    if (job) dispatch(c, job);
    else free.push(c);
  };
  // A connection idle past the server's keep-alive timeout is closed by it (uWS: 10 s), which a
  // long run at a low rate meets: it leaves the free list and a fresh one takes its place, so no
  // request is ever written to a closed socket and left without an answer.
  let stopping = false;
  let reopened = 0;
  const connections: RawConnection[] = [];
  const open = (): RawConnection => {
    const c: RawConnection = new RawConnection(target.hostname, Number(target.port), onFree, () => {
      const at = free.indexOf(c);
      if (at >= 0) free.splice(at, 1);
      if (stopping || reopened >= opts.connections * 10) return;
      reopened++;
      const fresh = open();
      fresh.socket.once('connect', () => onFree(fresh));
    });
    connections.push(c);
    return c;
  };
  const first = Array.from({ length: opts.connections }, open);
  await Promise.all(first.map((c) => new Promise((resolve) => c.socket.once('connect', resolve))));
  free.push(...first);
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const deadline = setTimeout(resolve, (opts.seconds + 10) * 1000);
    finished = () => {
      clearTimeout(deadline);
      resolve();
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * opts.rate) + 1);
      const now = performance.now();
      for (; sent < due; sent++) {
        const dueAt = start + (sent * 1000) / opts.rate;
        lateness.push(now - dueAt);
        const c = free.pop();
        // Sent at once: timed from the write, since the generator's timer granularity is not the
        // server's latency. Queued behind busy connections: timed from when it was due.
        if (c) dispatch(c, { i: sent, dueAt, from: now });
        else waiting.push({ i: sent, dueAt, from: dueAt });
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  stopping = true;
  for (const c of connections) c.socket.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  const late = lateness.sort((a, b) => a - b);
  return { rate: opts.rate, sent, answered: latencies.length, non2xx, errors, p50ms: at(0.5), p99ms: at(0.99), maxms: sorted.at(-1) ?? NaN, generatorLateP99ms: late[Math.floor(0.99 * late.length)] ?? NaN };
}
