import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay on 127.0.0.1 in front of PostgreSQL or Redis, for one test's clients only (the shared
 * server is never touched). `freeze` stops passing bytes both ways and keeps every socket open: a
 * database that hangs rather than refuses, as under SIGSTOP; `thaw` passes on what was held, in
 * order. `cut` drops every connection and refuses new ones: a database that is gone. `delay` holds
 * every chunk that long each way, in order: a WAN link (20 ms each way is a 40 ms round trip).
 */
export class FaultProxy {
  port = 0;
  private frozen = false;
  private delayMs = 0;
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
    // Timers of one duration fire in the order they were set, so a delayed stream stays in order.
    const pass = (step: () => void) => (this.frozen ? this.held.push(step) : this.delayMs > 0 ? setTimeout(step, this.delayMs) : step());
    from.on('data', (chunk) => pass(() => to.write(chunk)));
    from.on('end', () => pass(() => to.end()));
    from.on('error', () => to.destroy());
    from.on('close', () => {
      this.sockets.delete(from);
      to.destroy();
    });
  }

  /** Holds every chunk `ms` in each direction from now on; 0 passes them at once again. */
  delay(ms: number): void {
    this.delayMs = ms;
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
