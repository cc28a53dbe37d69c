import type { Scenario } from '../lib/scenario.ts';

/**
 * `npm start`, timed by the runner from the command to the first healthy answer: on an empty
 * store (PGlite initialisation or a fresh PostgreSQL database, migrations, the demo tenant), and
 * again on the data the first start left.
 */
const startup: Scenario = {
  name: 'startup',
  databases: ['pglite', 'postgres'],
  async run({ startup: { firstMs, againMs }, database }) {
    return [
      {
        scenario: 'startup',
        database,
        name: 'first start (empty store)',
        value: firstMs / 1000,
        unit: 's',
        budget: { op: '<=', value: 15 },
      },
      {
        scenario: 'startup',
        database,
        name: 'start on existing data',
        value: againMs / 1000,
        unit: 's',
        budget: { op: '<=', value: 3 },
      },
    ];
  },
};

export default startup;
