import { randomUUID } from 'node:crypto';

/**
 * Named topics that every instance of the product hears: a module publishes that something
 * changed (after its commit), and every instance's subscribers, this one's included, hear it.
 * Messages are small JSON values (ids, not rows): a subscriber drops or reloads what it derived
 * from the thing that changed. See docs/architecture.md, "The change feed".
 */
export interface ChangeFeed {
  readonly kind: 'in-process' | 'postgres' | 'redis';
  /**
   * True while other instances' messages are sure to arrive. While false (the connection to the
   * broker is down) a subscriber must not trust what it derived from earlier messages.
   */
  readonly live: boolean;
  /**
   * Tells every instance. This instance's subscribers have heard it when the promise resolves,
   * and so have those of every other instance known to be running (each answers it), unless
   * one stays silent for `ackTimeoutMs` (it is then logged and forgotten until it speaks again).
   */
  publish(topic: string, message: unknown): Promise<void>;
  subscribe(topic: string, handler: (message: unknown) => void): () => void;
  /**
   * Messages may have been missed: the connection was lost (called then) and is back (called
   * again). Whatever was derived from earlier messages must be dropped.
   */
  onGap(handler: () => void): () => void;
  close(): Promise<void>;
}

/** A broker's channel as the wire feed uses it: text in, text out, up or down. */
export interface Transport {
  readonly kind: 'postgres' | 'redis';
  /** Connects and starts listening; `receive` hears every frame on the channel, its own included. */
  start(events: { receive: (frame: string) => void; up: () => void; down: (error?: Error) => void }): Promise<void>;
  send(frame: string): Promise<void>;
  close(): Promise<void>;
}

export type FeedLog = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** PostgreSQL's NOTIFY takes up to 8000 bytes; a frame's envelope needs some of them. */
export const MAX_MESSAGE_BYTES = 7_000;

type Handlers = Map<string, Set<(message: unknown) => void>>;

function deliver(handlers: Handlers, topic: string, message: unknown, log: FeedLog) {
  for (const handler of handlers.get(topic) ?? []) {
    try {
      handler(message);
    } catch (err) {
      log.error({ err, topic }, 'a change-feed subscriber failed');
    }
  }
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
  return () => set.delete(value);
}

function checkSize(topic: string, text: string) {
  if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) {
    throw new Error(`change-feed message on ${topic} is over ${MAX_MESSAGE_BYTES} bytes: send ids, not rows`);
  }
}

/** One process (embedded PGlite): publishing is calling this process's subscribers. */
export class InProcessFeed implements ChangeFeed {
  readonly kind = 'in-process';
  readonly live = true;
  private readonly handlers: Handlers = new Map();

  constructor(private readonly log: FeedLog) {}

  async publish(topic: string, message: unknown): Promise<void> {
    checkSize(topic, JSON.stringify(message));
    deliver(this.handlers, topic, message, this.log);
  }

  subscribe(topic: string, handler: (message: unknown) => void) {
    return addTo(this.handlers, topic, handler);
  }

  onGap(): () => void {
    return () => {};
  }

  async close(): Promise<void> {}
}

/** Frames on the wire: a message, its acknowledgement, an instance's hello and goodbye. */
type Frame =
  | { f: 'm'; from: string; id: number; topic: string; data: unknown }
  | { f: 'a'; from: string; to: string; id: number }
  | { f: 'h'; from: string; answer?: true }
  | { f: 'b'; from: string };

export type WireFeedOptions = {
  /** How long a publish waits for the other instances' acknowledgements. */
  ackTimeoutMs?: number;
  /** How often each instance says hello, and after how many silent intervals it is forgotten. */
  helloIntervalMs?: number;
};

/**
 * Several instances through a broker (PostgreSQL NOTIFY or Redis pub/sub). Each instance says
 * hello when it starts and every few seconds, so each knows who else is running; a publish
 * waits until each of them has acknowledged the message (they acknowledge after their
 * subscribers ran), so a change answered to one user is known everywhere before that user (or
 * anyone) can send the next request.
 */
export class WireFeed implements ChangeFeed {
  readonly kind: Transport['kind'];
  readonly id = randomUUID();
  private readonly handlers: Handlers = new Map();
  private readonly gapHandlers = new Set<() => void>();
  private readonly peers = new Map<string, number>();
  private readonly pending = new Map<number, { waiting: Set<string>; done: () => void }>();
  private nextId = 1;
  private up = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly ackTimeoutMs: number;
  private readonly helloIntervalMs: number;

  constructor(
    private readonly transport: Transport,
    private readonly log: FeedLog,
    options: WireFeedOptions = {},
  ) {
    this.kind = transport.kind;
    this.ackTimeoutMs = options.ackTimeoutMs ?? 1_000;
    this.helloIntervalMs = options.helloIntervalMs ?? 5_000;
  }

  get live(): boolean {
    return this.up && !this.closed;
  }

  async start(): Promise<void> {
    await this.transport.start({
      receive: (frame) => this.receive(frame),
      up: () => {
        const wasDown = !this.up;
        this.up = true;
        // Whatever was said while the connection was down is lost: start from nothing again.
        if (wasDown) this.gap();
        this.send({ f: 'h', from: this.id });
      },
      down: (err) => {
        if (!this.up || this.closed) return;
        this.up = false;
        this.log.warn({ err }, `change feed (${this.kind}) lost its connection; reconnecting`);
        this.gap();
      },
    });
    this.timer = setInterval(() => this.tick(), this.helloIntervalMs);
    this.timer.unref();
  }

  async publish(topic: string, message: unknown): Promise<void> {
    const id = this.nextId++;
    const frame: Frame = { f: 'm', from: this.id, id, topic, data: message };
    const text = JSON.stringify(frame);
    checkSize(topic, text);
    deliver(this.handlers, topic, message, this.log);
    const waiting = new Set(this.peers.keys());
    const acknowledged =
      waiting.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timeout = setTimeout(() => {
              this.pending.delete(id);
              // A peer that does not answer has crashed or lost its connection (it then drops
              // its cache on reconnect); it is waited for again once it says hello.
              for (const peer of waiting) this.peers.delete(peer);
              this.log.warn({ topic, peers: [...waiting] }, 'change feed: instances did not acknowledge in time');
              resolve();
            }, this.ackTimeoutMs);
            this.pending.set(id, {
              waiting,
              done: () => {
                clearTimeout(timeout);
                this.pending.delete(id);
                resolve();
              },
            });
          });
    try {
      await this.transport.send(text);
    } catch (err) {
      // The change is committed; the other instances learn of it when their entries expire.
      this.pending.get(id)?.done();
      this.log.error({ err, topic }, 'change feed: could not publish a change');
      return;
    }
    await acknowledged;
  }

  subscribe(topic: string, handler: (message: unknown) => void) {
    return addTo(this.handlers, topic, handler);
  }

  onGap(handler: () => void) {
    this.gapHandlers.add(handler);
    return () => this.gapHandlers.delete(handler);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    clearInterval(this.timer);
    if (this.up) await this.transport.send(JSON.stringify({ f: 'b', from: this.id } satisfies Frame)).catch(() => {});
    this.closed = true;
    for (const pending of this.pending.values()) pending.done();
    await this.transport.close();
  }

  private gap() {
    for (const handler of this.gapHandlers) {
      try {
        handler();
      } catch (err) {
        this.log.error({ err }, 'a change-feed gap handler failed');
      }
    }
  }

  private send(frame: Frame) {
    this.transport.send(JSON.stringify(frame)).catch((err: unknown) => {
      this.log.warn({ err }, `change feed (${this.kind}): could not send`);
    });
  }

  private tick() {
    if (!this.live) return;
    const forgetBefore = Date.now() - 3 * this.helloIntervalMs;
    for (const [peer, seen] of this.peers) if (seen < forgetBefore) this.peers.delete(peer);
    this.send({ f: 'h', from: this.id });
  }

  private receive(text: string) {
    let frame: Frame;
    try {
      frame = JSON.parse(text) as Frame;
    } catch {
      return;
    }
    if (frame.from === this.id) return;
    switch (frame.f) {
      case 'm':
        this.peers.set(frame.from, Date.now());
        deliver(this.handlers, frame.topic, frame.data, this.log);
        this.send({ f: 'a', from: this.id, to: frame.from, id: frame.id });
        return;
      case 'a': {
        if (frame.to !== this.id) return;
        const pending = this.pending.get(frame.id);
        if (!pending) return;
        pending.waiting.delete(frame.from);
        if (pending.waiting.size === 0) pending.done();
        return;
      }
      case 'h': {
        const known = this.peers.has(frame.from);
        this.peers.set(frame.from, Date.now());
        // A newcomer learns of the instances already running from their answers.
        if (!known && !frame.answer) this.send({ f: 'h', from: this.id, answer: true });
        return;
      }
      case 'b':
        this.peers.delete(frame.from);
        for (const pending of this.pending.values()) {
          pending.waiting.delete(frame.from);
          if (pending.waiting.size === 0) pending.done();
        }
        return;
    }
  }
}
