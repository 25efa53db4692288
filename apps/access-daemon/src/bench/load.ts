import { execFile } from 'node:child_process';
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
