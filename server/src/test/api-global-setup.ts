import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { adminQuery, databaseUrl } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A migrated database on the TEST_DATABASE_URL server that each test file's database copies. */
    postgresTemplate: string;
  }
}

/**
 * Creating a PGlite database runs initdb (seconds); loading a dump of one takes about a second.
 * So the API suite migrates one PGlite database once and every test file starts from its dump.
 * On PostgreSQL likewise: running every migration on an empty database costs each file seconds of
 * DDL, while `CREATE DATABASE … TEMPLATE` of one migrated database copies it in a fraction of one.
 * Each file still runs the migrator on its copy (which finds nothing to apply), as a start does.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    project.provide('pgliteTemplate', '');
    const name = `sc_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const handle = await openPostgres(databaseUrl(adminUrl, name), {
      poolSize: 1,
      statementTimeoutMs: 0,
      idleInTransactionTimeoutMs: 0,
    });
    try {
      await migrate(handle);
    } finally {
      await handle.close();
    }
    project.provide('postgresTemplate', name);
    return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  project.provide('postgresTemplate', '');
  const dir = mkdtempSync(path.join(tmpdir(), 'seller-centre-api-'));
  const file = path.join(dir, 'template.tar');
  const handle = await openPglite(undefined);
  await migrate(handle);
  const dump = await handle.dump();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
