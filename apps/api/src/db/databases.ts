import pg from 'pg';

/**
 * Creates a database on the server behind adminUrl when it does not exist yet; with `template`, as a
 * copy of that database (which nobody may be connected to), a file copy instead of migrating again.
 */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    const copy = template ? ` template ${client.escapeIdentifier(template)}` : '';
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}${copy}`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}

/** Same server, other database. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
