import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { findLiveSession, hashToken, type LiveSession, type Principal } from './auth.ts';
import type { ChangeFeed } from './change-feed/change-feed.ts';
import { PRINCIPALS_TOPIC, type PrincipalChange } from './principal-changes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    principals: PrincipalCache;
  }
}

type Entry = {
  session: LiveSession;
  /** When the entry stops counting: its TTL, or the session's own end, whichever is first. */
  until: number;
  /**
   * What services derived from this session (`cachedForSession`), dropped with it. Kept as the
   * promise of the load, so requests arriving while it runs share it rather than each loading.
   */
  memo: Map<string, Promise<unknown>>;
};

/** Which cache and entry a cached principal came from, so `cachedForSession` can find them. */
const origins = new WeakMap<Principal, { cache: PrincipalCache; key: string; entry: Entry }>();

function matches(session: LiveSession, change: PrincipalChange): boolean {
  const p = session.principal;
  return (
    !!change.sessions?.includes(p.sessionId) ||
    !!change.users?.includes(p.userId) ||
    !!change.tenants?.includes(p.tenantId) ||
    (session.assignedRoleId !== null && !!change.roles?.includes(session.assignedRoleId))
  );
}

/**
 * Principals by token, kept in memory so a signed-in request asks the database nothing. Bounded
 * (the oldest entry goes first) and short-lived (the TTL is a backstop; changes are told through
 * the change feed, `principal-changes.ts`). Nothing is kept or served while the feed is not live,
 * and everything is dropped when messages may have been missed.
 *
 * A load that overlaps a change is not kept: every change bumps `generation`, and a load keeps
 * its result only if the generation is still the one it started with. Otherwise a request that
 * read the row just before a commit could store the old principal after the change was told.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Loads under way, by key: a burst of requests with a token the cache does not hold yet (a
   * fresh instance, an entry just dropped) makes one round trip, not one each. A load is shared
   * only within the generation it started in, so a request arriving after a change never gets
   * what was read before it.
   */
  private readonly loading = new Map<string, { generation: number; load: Promise<LiveSession | null> }>();
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly feed: Pick<ChangeFeed, 'live'>,
    private readonly options: { ttlMs: number; maxEntries: number },
  ) {}

  get size(): number {
    return this.entries.size;
  }

  private get enabled(): boolean {
    return this.options.ttlMs > 0 && this.feed.live;
  }

  /**
   * The principal of a live session, or null (unknown, expired, revoked, account disabled).
   * Entries are keyed by the token itself, which never leaves this process (a change is matched
   * by its session, user, tenant or role, not by key); only a miss hashes it, to ask the
   * database, so a cached read spends no SHA-256 on it.
   */
  async find(token: string): Promise<Principal | null> {
    if (!this.enabled) return (await findLiveSession(this.db, hashToken(token)))?.principal ?? null;
    const hit = this.current(token);
    if (hit) return hit.session.principal;
    const generation = this.generation;
    const underWay = this.loading.get(token);
    if (underWay?.generation === generation) return (await underWay.load)?.principal ?? null;
    const load = findLiveSession(this.db, hashToken(token));
    this.loading.set(token, { generation, load });
    try {
      const session = await load;
      if (session && generation === this.generation && this.enabled) this.keep(token, session);
      return session?.principal ?? null;
    } finally {
      if (this.loading.get(token)?.load === load) this.loading.delete(token);
    }
  }

  private current(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry;
    this.entries.delete(key);
    return undefined;
  }

  private keep(key: string, session: LiveSession) {
    const until = Math.min(Date.now() + this.options.ttlMs, session.expiresAt.getTime());
    const entry: Entry = { session, until, memo: new Map() };
    this.entries.delete(key);
    this.entries.set(key, entry);
    origins.set(session.principal, { cache: this, key, entry });
    // A Map iterates in insertion order: the first key is the oldest.
    while (this.entries.size > this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  /** Drops every entry a change touches (scans: changes are rare, entries bounded). */
  invalidate(change: PrincipalChange): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (matches(entry.session, change)) this.entries.delete(key);
  }

  flush(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** @internal see `cachedForSession` */
  async memo<T>(key: string, entry: Entry, name: string, load: () => Promise<T>): Promise<T> {
    if (this.entries.get(key) !== entry || entry.until <= Date.now() || !this.enabled) return load();
    const kept = entry.memo.get(name);
    if (kept) return kept as Promise<T>;
    // Kept before it resolves, so the requests meanwhile share it. A change to what it reads
    // drops the whole entry (memo included) through `invalidate`, so no later request sees a
    // value read before that change; a failed load is forgotten.
    const loaded = load();
    entry.memo.set(name, loaded);
    loaded.catch(() => {
      if (entry.memo.get(name) === loaded) entry.memo.delete(name);
    });
    return loaded;
  }
}

/**
 * What a service derives from a signed-in session alone (the personal centre's user info), kept
 * with the session's cache entry and dropped with it. Only for data whose every change is told
 * through `principal-changes.ts` (the account, its tenant, its role, its sessions). A principal
 * that did not come from the cache just loads.
 */
export function cachedForSession<T>(principal: Principal, name: string, load: () => Promise<T>): Promise<T> {
  const origin = origins.get(principal);
  if (!origin) return load();
  return origin.cache.memo(origin.key, origin.entry, name, load);
}

export default fp(
  async function principalCache(app: FastifyInstance) {
    const { config, changeFeed } = app;
    const cache = new PrincipalCache(app.db, changeFeed, {
      ttlMs: config.PRINCIPAL_CACHE_TTL_SECONDS * 1000,
      maxEntries: config.PRINCIPAL_CACHE_MAX_ENTRIES,
    });
    changeFeed.subscribe(PRINCIPALS_TOPIC, (message) => {
      // A message this version cannot read (say, from a newer one during a rollout) drops everything.
      if (message && typeof message === 'object') cache.invalidate(message as PrincipalChange);
      else cache.flush();
    });
    changeFeed.onGap(() => cache.flush());
    app.decorate('principals', cache);
  },
  { name: 'principal-cache', dependencies: ['config', 'database', 'change-feed'] },
);
