import { testDatabaseUrl } from "@farm/testkit";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseConnection } from "../src/adapters/db/connect";
import { queryRows } from "../src/adapters/db/database";
import { preparedStatement } from "../src/services/game/prepared";
import { createTestDatabase } from "./helpers";

// A hot statement runs as a named prepared statement: PostgreSQL parses it once per connection, and each run only binds
// its values.
describe.runIf(testDatabaseUrl)("prepared statements on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let connection: DatabaseConnection;
  // One connection, so the session's prepared statements are the ones these runs left.
  const preparedNames = async () =>
    (await queryRows<{ name: string }>(connection.db, sql`select name from pg_prepared_statements`)).map(
      (row) => row.name,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    connection = await connectDatabase({ databaseUrl: database.url, dataDir: "", poolSize: 1 });
  });
  afterAll(async () => {
    await connection?.close();
    await database?.drop();
  });

  it("prepares a hot statement once under its name and fills in each run's values", async () => {
    const run = preparedStatement<{ n: number }, { doubled: number }>(
      "farm_test_cached",
      ({ n }) => sql`select ${n}::int * 2 as doubled`,
    );
    expect(await run(connection.db, { n: 2 })).toEqual([{ doubled: 4 }]);
    expect(await run(connection.db, { n: 21 })).toEqual([{ doubled: 42 }]);
    expect(await preparedNames()).toContain("farm_test_cached");
  });
});
