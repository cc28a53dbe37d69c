import pg from 'pg';

/**
 * Statements the API suite runs as the PostgreSQL server's admin (TEST_DATABASE_URL): creating and
 * dropping the test databases, which cannot run inside a transaction or a pool's session.
 */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The address of the database `name` on the admin address's server. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
