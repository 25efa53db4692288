import { connect, createServer, type Server, type Socket } from 'node:net';
import { createDataSource, type DataSource } from '@wfm/db/data-source';
import { createTestDatabase } from '@wfm/testing/database';
import { daemonDataSourceOptions, loadDaemonConfig } from '../config.js';
import { DaemonHarness } from './daemon-harness.js';

/**
 * A TCP relay on 127.0.0.1 in front of PostgreSQL, for one test's data source only (the shared
 * server is never touched). `freeze` stops passing bytes both ways and keeps every socket open: a
 * database that hangs rather than refuses, as under SIGSTOP; `thaw` passes on what was held, in
 * order. `cut` drops every connection and refuses new ones: a database that is gone.
 */
export class FaultProxy {
  port = 0;
  private frozen = false;
  private refusing = false;
  private held: Array<() => void> = [];
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: Server) {}

  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    const server = createServer();
    const proxy = new FaultProxy(server);
    server.on('connection', (client) => {
      if (proxy.refusing) return client.destroy();
      const upstream = connect(target.port, target.host);
      proxy.relay(client, upstream);
      proxy.relay(upstream, client);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy.port = (server.address() as { port: number }).port;
    return proxy;
  }

  /** `url` with its host and port pointing at this proxy. */
  url(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  private relay(from: Socket, to: Socket): void {
    this.sockets.add(from);
    const pass = (step: () => void) => (this.frozen ? this.held.push(step) : step());
    from.on('data', (chunk) => pass(() => to.write(chunk)));
    from.on('end', () => pass(() => to.end()));
    from.on('error', () => to.destroy());
    from.on('close', () => {
      this.sockets.delete(from);
      to.destroy();
    });
  }

  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    for (const step of this.held.splice(0)) step();
  }

  cut(): void {
    this.refusing = true;
    for (const s of this.sockets) s.destroy();
  }

  restore(): void {
    this.refusing = false;
  }

  async stop(): Promise<void> {
    this.thaw();
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A daemon whose data source (built from the daemon's config, `env` applied) goes through a
 * FaultProxy, while the harness's fixtures and assertions use the database directly.
 */
export async function startDaemonBehindProxy(env: Record<string, string> = {}): Promise<{ h: DaemonHarness; proxy: FaultProxy; stop(): Promise<void> }> {
  const db = await createTestDatabase();
  const direct = new URL(db.url);
  const proxy = await FaultProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
  const ds: DataSource = createDataSource(daemonDataSourceOptions(loadDaemonConfig(env), proxy.url(db.url)));
  await ds.initialize();
  const h = await DaemonHarness.start({ db, dataSource: ds, env });
  return {
    h,
    proxy,
    async stop() {
      proxy.thaw();
      proxy.restore();
      await h.stop(false);
      await ds.destroy();
      await proxy.stop();
      await db.drop();
    },
  };
}
