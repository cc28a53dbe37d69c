import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { Transport } from './change-feed.ts';

const RETRY_MS = { first: 100, max: 5_000 };

/**
 * PostgreSQL LISTEN/NOTIFY. One connection of its own listens (it must be a session of its own:
 * behind a transaction-pooling proxy LISTEN does not work); frames are sent with `pg_notify`
 * through the app's pool. A lost listener reconnects with backoff and listens again.
 */
export class PostgresTransport implements Transport {
  readonly kind = 'postgres';
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = RETRY_MS.first;
  private retryTimer: NodeJS.Timeout | undefined;
  private events!: Parameters<Transport['start']>[0];

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly db: Db,
  ) {}

  async start(events: Parameters<Transport['start']>[0]): Promise<void> {
    this.events = events;
    await this.listen();
  }

  private async listen(): Promise<void> {
    // Loaded on use: on the embedded database nothing needs the PostgreSQL client at start.
    const { default: Pg } = await import('pg');
    const client = new Pg.Client({ connectionString: this.connectionString, keepAlive: true });
    client.on('notification', (n) => {
      if (n.channel === this.channel && n.payload !== undefined) this.events.receive(n.payload);
    });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      this.events.down(error);
      this.scheduleRetry();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.retryMs = RETRY_MS.first;
    this.events.up();
  }

  private scheduleRetry() {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.listen().catch(() => {
        this.retryMs = Math.min(this.retryMs * 2, RETRY_MS.max);
        this.scheduleRetry();
      });
    }, this.retryMs);
    this.retryTimer.unref();
  }

  async send(frame: string): Promise<void> {
    await sql`SELECT pg_notify(${this.channel}, ${frame})`.execute(this.db);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
