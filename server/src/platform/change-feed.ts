import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

/**
 * Changes announced to every instance, so each can drop what it cached. A change is published
 * inside the transaction that makes it and delivered only when that transaction commits
 * (PostgreSQL NOTIFY), to every instance listening, the publisher included. Kept this small so it
 * can move onto a shared change feed later without touching its users.
 */
export interface ChangeFeed {
  /** Announces, inside `tx`, that `key` of `topic` changed. */
  publish(tx: Db, topic: string, key: string): Promise<void>;
  subscribe(topic: string, listener: (key: string) => void): void;
  /** Called when changes may have been missed (the listening connection was lost): drop everything. */
  onReset(listener: () => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'seller_centre_changes';

/** The payload: topic and key, one NOTIFY each (a key is short: NOTIFY payloads stop at 8000 bytes). */
function encode(topic: string, key: string) {
  return `${topic}:${key}`;
}

function createListeners() {
  const byTopic = new Map<string, ((key: string) => void)[]>();
  const resets: (() => void)[] = [];
  return {
    byTopic,
    resets,
    deliver(payload: string) {
      const at = payload.indexOf(':');
      if (at < 0) return;
      for (const listener of byTopic.get(payload.slice(0, at)) ?? []) listener(payload.slice(at + 1));
    },
    reset() {
      for (const listener of resets) listener();
    },
  };
}

/**
 * A feed for one instance on its own (embedded PGlite): nothing else can change the data, and
 * the instance's own writers drop their cache entries themselves after commit.
 */
export function createLocalChangeFeed(): ChangeFeed {
  const listeners = createListeners();
  return {
    async publish() {},
    subscribe(topic, listener) {
      listeners.byTopic.set(topic, [...(listeners.byTopic.get(topic) ?? []), listener]);
    },
    onReset(listener) {
      listeners.resets.push(listener);
    },
    async close() {},
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated connection per instance listens; publishing is a
 * `pg_notify` in the writer's transaction. When the listening connection drops, every
 * subscriber is told to reset (it may have missed changes) and the feed reconnects.
 */
export function createPostgresChangeFeed(
  connectionString: string,
  log: { warn: (obj: object, msg: string) => void } = { warn: () => {} },
): ChangeFeed & { ready: Promise<void> } {
  const listeners = createListeners();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) listeners.deliver(message.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'change feed connection lost');
      if (client === next) reconnectSoon();
    });
    next.on('end', () => {
      if (client === next) reconnectSoon();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  }

  function reconnectSoon() {
    client = null;
    listeners.reset();
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect()
        // Reset again once listening: changes made while it was down were missed.
        .then(() => listeners.reset())
        .catch((error: unknown) => {
          log.warn({ err: error }, 'change feed reconnect failed');
          reconnectSoon();
        });
    }, 1000);
    retry.unref();
  }

  const ready = connect();
  return {
    ready,
    async publish(tx, topic, key) {
      await sql`SELECT pg_notify(${CHANNEL}, ${encode(topic, key)})`.execute(tx);
    },
    subscribe(topic, listener) {
      listeners.byTopic.set(topic, [...(listeners.byTopic.get(topic) ?? []), listener]);
    },
    onReset(listener) {
      listeners.resets.push(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
