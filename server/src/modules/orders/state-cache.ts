/**
 * Order states in memory, so that polling an unpaid order costs no query. An entry is dropped
 * whenever its order changes (this instance after its own commit; other instances through the
 * change feed). A read that started before a change must not put the old state back: every drop
 * moves the generation on, and a fill from an older generation is thrown away.
 */
export type CachedOrderState = { tenantId: number; paid: boolean };

export class OrderStateCache {
  private readonly entries = new Map<string, CachedOrderState & { at: number }>();
  private generation = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries = 100_000,
    /** An unpaid entry is read again after this long, in case a change was missed. */
    private readonly unpaidTtlMs = 30_000,
  ) {}

  get(orderCode: string, now = Date.now()): CachedOrderState | undefined {
    const entry = this.entries.get(orderCode);
    if (!entry || (!entry.paid && now - entry.at > this.unpaidTtlMs)) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return entry;
  }

  /** Call before reading the database; hand the result to `fill`. */
  startRead(): number {
    return this.generation;
  }

  fill(orderCode: string, state: CachedOrderState, readGeneration: number, now = Date.now()) {
    if (readGeneration !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(orderCode, { ...state, at: now });
  }

  invalidate(orderCode: string) {
    this.generation += 1;
    this.entries.delete(orderCode);
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
