import { describe, expect, it, vi } from 'vitest';
import { WireFeed, type Transport } from './change-feed.ts';

/** A broker in memory: every frame sent reaches every connected transport, after a tick. */
class FakeBroker {
  readonly transports = new Set<FakeTransport>();
  deliver(frame: string) {
    for (const t of this.transports) if (t.connected && !t.deaf) setImmediate(() => t.events?.receive(frame));
  }
}

class FakeTransport implements Transport {
  readonly kind = 'postgres';
  events: Parameters<Transport['start']>[0] | undefined;
  connected = false;
  /** Hears nothing and answers nothing, as a crashed instance. */
  deaf = false;
  constructor(private readonly broker: FakeBroker) {
    broker.transports.add(this);
  }
  async start(events: Parameters<Transport['start']>[0]) {
    this.events = events;
    this.connected = true;
    events.up();
  }
  async send(frame: string) {
    if (!this.connected) throw new Error('not connected');
    if (!this.deaf) this.broker.deliver(frame);
  }
  async close() {
    this.connected = false;
  }
  drop() {
    this.connected = false;
    this.events?.down(new Error('connection lost'));
  }
  restore() {
    this.connected = true;
    this.events?.up();
  }
}

const log = { warn: vi.fn(), error: vi.fn() };
const tick = () => new Promise((resolve) => setImmediate(resolve));

async function feedOn(broker: FakeBroker, options = {}) {
  const transport = new FakeTransport(broker);
  const feed = new WireFeed(transport, log, options);
  await feed.start();
  return { feed, transport };
}

describe('WireFeed', () => {
  it('resolves a publish only once the other instances have run their subscribers', async () => {
    const broker = new FakeBroker();
    const a = await feedOn(broker);
    const b = await feedOn(broker);
    for (let i = 0; i < 3; i++) await tick(); // hellos exchanged
    const heard: unknown[] = [];
    b.feed.subscribe('principals', (m) => heard.push(m));
    const local: unknown[] = [];
    a.feed.subscribe('principals', (m) => local.push(m));
    await a.feed.publish('principals', { users: [7] });
    expect(local).toEqual([{ users: [7] }]);
    expect(heard).toEqual([{ users: [7] }]);
  });

  it('gives up on a silent instance after the timeout, and forgets it for the next publish', async () => {
    const broker = new FakeBroker();
    const a = await feedOn(broker, { ackTimeoutMs: 50 });
    const b = await feedOn(broker);
    for (let i = 0; i < 3; i++) await tick();
    b.transport.deaf = true;
    const started = performance.now();
    await a.feed.publish('principals', { users: [1] });
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(log.warn).toHaveBeenCalled();
    const again = performance.now();
    await a.feed.publish('principals', { users: [2] });
    expect(performance.now() - again).toBeLessThan(45);
  });

  it('is not live while its connection is down, and reports a gap when it goes and when it is back', async () => {
    const broker = new FakeBroker();
    const a = await feedOn(broker);
    const gaps = vi.fn();
    a.feed.onGap(gaps);
    expect(a.feed.live).toBe(true);
    a.transport.drop();
    expect(a.feed.live).toBe(false);
    expect(gaps).toHaveBeenCalledTimes(1);
    a.transport.restore();
    expect(a.feed.live).toBe(true);
    expect(gaps).toHaveBeenCalledTimes(2);
  });

  it('refuses a message too large for NOTIFY', async () => {
    const broker = new FakeBroker();
    const a = await feedOn(broker);
    await expect(a.feed.publish('big', { rows: 'x'.repeat(8_000) })).rejects.toThrow(/ids, not rows/);
  });
});
