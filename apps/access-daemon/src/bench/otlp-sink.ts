import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/**
 * bench:access with BENCH_TRACING=on: the daemon exports its spans over OTLP/HTTP to this sink, a
 * process that reads every export and discards it, so the figures carry the daemon's whole cost of
 * tracing and none of a collector's.
 */
const here = fileURLToPath(import.meta.url);

/** An OTLP/HTTP receiver that accepts every export and keeps only counts (BENCH_TRACING=on). */
async function serveOtlpSink(): Promise<void> {
  let exports = 0;
  let spans = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      exports += 1;
      spans += (Buffer.concat(chunks).toString('utf8').match(/"spanId"/g) ?? []).length;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  process.on('message', () => process.send?.({ exports, spans }));
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
}

/** The sink in a process of its own on core `cpu` (the load's), and the daemon's environment that exports to it. */
export async function otlpSink(children: ChildProcess[], cpu: number): Promise<{ env: Record<string, string>; counts(): Promise<{ exports: number; spans: number }> }> {
  const proc = fork(here, [], { stdio: 'inherit' });
  children.push(proc);
  if (proc.pid) spawn('taskset', ['-cp', String(cpu), String(proc.pid)], { stdio: 'ignore' });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    proc.once('message', resolve);
    proc.once('exit', (code) => reject(new Error(`the OTLP sink exited with ${code}`)));
  });
  return {
    // Every tap sampled unless the run names a sampler: the worst case by default.
    env: {
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_TRACES_SAMPLER: process.env.OTEL_TRACES_SAMPLER ?? 'always_on',
      ...(process.env.OTEL_TRACES_SAMPLER_ARG ? { OTEL_TRACES_SAMPLER_ARG: process.env.OTEL_TRACES_SAMPLER_ARG } : {}),
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${port}/v1/traces`,
    },
    counts: () =>
      new Promise((resolve) => {
        proc.once('message', resolve);
        proc.send('counts');
      }),
  };
}

if (process.argv[1] === here) await serveOtlpSink();
