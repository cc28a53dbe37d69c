import type { Redis } from 'ioredis';
import type { Transport } from './change-feed.ts';

/**
 * Redis pub/sub (REDIS_URL). A subscribed connection cannot publish, so there are two: one
 * subscribes, one publishes. ioredis reconnects by itself; the feed is told when the subscriber
 * goes and comes back, since anything published in between is lost.
 */
export class RedisTransport implements Transport {
  readonly kind = 'redis';
  private subscriber: Redis | undefined;
  private publisher: Redis | undefined;

  constructor(
    private readonly url: string,
    private readonly channel: string,
  ) {}

  async start(events: Parameters<Transport['start']>[0]): Promise<void> {
    // Loaded here, not at the top: the client is a start-up cost only Redis users should pay.
    const { Redis } = await import('ioredis');
    const options = { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5_000 };
    const subscriber = new Redis(this.url, { ...options, autoResubscribe: false });
    // Publishing while disconnected fails at once rather than queueing: the change is already
    // committed, and the other instances' caches are off while they are disconnected too.
    const publisher = new Redis(this.url, { ...options, enableOfflineQueue: false });
    this.subscriber = subscriber;
    this.publisher = publisher;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) events.receive(message);
    });
    subscriber.on('close', () => events.down());
    // Errors are followed by 'close' and a reconnect; listening keeps them from being thrown.
    subscriber.on('error', () => {});
    publisher.on('error', () => {});
    let subscribed!: () => void;
    const firstSubscription = new Promise<void>((resolve) => (subscribed = resolve));
    subscriber.on('ready', () => {
      // Subscribed again before saying so: messages from now on arrive.
      subscriber.subscribe(this.channel).then(
        () => {
          events.up();
          subscribed();
        },
        (error: Error) => events.down(error),
      );
    });
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await firstSubscription;
  }

  async send(frame: string): Promise<void> {
    if (!this.publisher) throw new Error('redis change feed: send before start');
    await this.publisher.publish(this.channel, frame);
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    this.publisher?.disconnect();
  }
}
