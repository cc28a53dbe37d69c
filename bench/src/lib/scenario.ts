import type { LoadResult } from './load.ts';
import type { Product, Store } from './product.ts';
import type { Database, Figure, Options } from './types.ts';

/** What a scenario is handed: the product already running on one database, signed in. */
export type ScenarioContext = {
  options: Options;
  database: Database;
  product: Product;
  /** A session token of the demo main account. */
  token: string;
  /** The bare Fastify hello-world, measured just before this database's scenarios with the same load settings. */
  hello: LoadResult;
  /** How long `npm start` took on this store: first start, and again on the existing data. */
  startup: { firstMs: number; againMs: number };
  /** The built web app (web/dist). */
  webDist: string;
};

/**
 * One file in bench/src/scenarios/ each. A scenario measures and returns figures with their
 * budgets; the runner prints them and decides what a miss means (a failure, or nothing in smoke).
 */
export type Scenario = {
  name: string;
  /** The databases it runs against (each that the run includes). */
  databases: readonly Database[];
  /** Skipped in smoke runs (too slow for CI, e.g. Lighthouse). */
  fullOnly?: boolean;
  /**
   * Bulk data straight into the store (a million bills, say), after the first start has migrated
   * it and before the product starts again: no server holds the database meanwhile, which PGlite
   * needs. `store.env` says where it is (DATA_DIR or DATABASE_URL).
   */
  prepare?(context: { options: Options; store: Store }): Promise<void>;
  run(context: ScenarioContext): Promise<Figure[]>;
};

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}
