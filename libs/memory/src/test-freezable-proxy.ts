import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP relay for fault tests. `freeze()` makes the target look stopped (SIGSTOP) rather than
 * gone: connections stay open and new ones are accepted, but nothing is answered any more.
 */
export class FreezableProxy {
  private frozen = false;
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: Server) {}

  static async start(targetHost: string, targetPort: number): Promise<FreezableProxy> {
    const server = createServer();
    const proxy = new FreezableProxy(server);
    server.on('connection', (client) => proxy.relay(client, targetHost, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  freeze(): void {
    this.frozen = true;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(s: Socket): void {
    this.sockets.add(s);
    s.on('close', () => this.sockets.delete(s));
    s.on('error', () => undefined);
  }

  private relay(client: Socket, host: string, port: number): void {
    this.track(client);
    if (this.frozen) return;
    const target = connect({ host, port });
    this.track(target);
    client.on('data', (d) => this.frozen || target.write(d));
    target.on('data', (d) => this.frozen || client.write(d));
    client.on('close', () => target.destroy());
    target.on('close', () => client.destroy());
  }
}
