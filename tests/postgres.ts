import pg from "pg";

// The PostgreSQL the tests use, for Vitest and Playwright alike (no test-runner imports here).

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
/** PostgreSQL tests must run (never be skipped) when TEST_DATABASE_URL is set or on CI. */
export const postgresRequired = Boolean(process.env.TEST_DATABASE_URL) || process.env.CI === "true";

/** Runs one statement on its own connection to the test server (creating and dropping schemas). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** True when the test server answers within 2 s. */
export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Whether to run the PostgreSQL tests: required, or a server answers. */
export async function postgresAvailable(): Promise<boolean> {
  return postgresRequired || (await postgresAnswers());
}
