import { Redis } from 'ioredis';
import type { Transport } from './change-feed.ts';

/**
 * Redis pub/sub (REDIS_URL). A subscribed connection cannot publish, so there are two: one
 * subscribes, one publishes. ioredis reconnects by itself; the feed is told when the subscriber
 * goes and comes back, since anything published in between is lost.
 */
export class RedisTransport implements Transport {
  readonly kind = 'redis';
  private readonly subscriber: Redis;
  private readonly publisher: Redis;

  constructor(
    url: string,
    private readonly channel: string,
  ) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5_000 };
    this.subscriber = new Redis(url, { ...options, autoResubscribe: false });
    // Publishing while disconnected fails at once rather than queueing: the change is already
    // committed, and the other instances' caches are off while they are disconnected too.
    this.publisher = new Redis(url, { ...options, enableOfflineQueue: false });
  }

  async start(events: Parameters<Transport['start']>[0]): Promise<void> {
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) events.receive(message);
    });
    this.subscriber.on('close', () => events.down());
    // Errors are followed by 'close' and a reconnect; listening keeps them from being thrown.
    this.subscriber.on('error', () => {});
    this.publisher.on('error', () => {});
    let subscribed!: () => void;
    const firstSubscription = new Promise<void>((resolve) => (subscribed = resolve));
    this.subscriber.on('ready', () => {
      // Subscribed again before saying so: messages from now on arrive.
      this.subscriber.subscribe(this.channel).then(
        () => {
          events.up();
          subscribed();
        },
        (error: Error) => events.down(error),
      );
    });
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
    await firstSubscription;
  }

  async send(frame: string): Promise<void> {
    await this.publisher.publish(this.channel, frame);
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
