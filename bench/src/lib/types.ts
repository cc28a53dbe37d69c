/** The two databases the product runs on; every load scenario runs against each. */
export type Database = 'pglite' | 'postgres';

/** A budget a figure is held to: at most (`<=`) or at least (`>=`) this value. */
export type Budget = { op: '<=' | '>='; value: number };

/** One measured figure, printed as a row of the report. */
export type Figure = {
  scenario: string;
  database?: Database;
  name: string;
  value: number;
  unit: string;
  budget?: Budget;
  /** The figure as a share of the same run's bare Fastify hello-world (requests/s only). */
  ofHello?: number;
  /** Anything worth a glance beside the figure (errors, sample size). */
  note?: string;
};

export type Options = {
  /** A short run for CI: every scenario runs, briefly; budgets are printed but never fail. */
  smoke: boolean;
  /** Seconds each load run lasts. */
  seconds: number;
  /** Concurrent connections of the read load. */
  connections: number;
  databases: Database[];
  /** Scenario names to run (all when empty). */
  only: string[];
  lighthouse: boolean;
};
