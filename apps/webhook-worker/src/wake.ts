import pg from 'pg';
import type { Logger } from '@wfm/core/logger';

export const OUTBOX_CHANNEL = 'wfm_domain_events';

/**
 * Wakes the dispatcher when an event is committed: a trigger on domain_events NOTIFYs on commit
 * (migration 1764000001000) and this dedicated connection LISTENs. A notification sent while the
 * connection is down is lost, so every (re)connect also wakes the dispatcher to catch up.
 */
export class OutboxListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private backoffMs = 500;

  constructor(
    private readonly databaseUrl: string,
    private readonly onWake: () => void,
    private readonly logger: Logger,
  ) {}

  /** Resolves after the first connection attempt; later failures reconnect in the background. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'wfm-webhook-listen', keepAlive: true });
    client.on('notification', () => this.onWake());
    client.on('error', (err) => {
      this.logger.warn({ err }, 'outbox listener connection failed; reconnecting');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (this.stopped) return;
      this.backoffMs = 500;
      this.onWake();
    } catch (err) {
      this.logger.warn({ err }, 'outbox listener could not connect; retrying');
      this.reconnect(client);
    }
  }

  private reconnect(failed: pg.Client): void {
    if (this.stopped || failed !== this.client) return;
    this.client = null;
    failed.removeAllListeners();
    failed.on('error', () => undefined);
    failed.end().catch(() => undefined);
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, 30_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, wait);
  }
}
