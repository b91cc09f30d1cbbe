import { testDatabaseUrl } from "@farm/testkit";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseConnection } from "../src/adapters/db/connect";
import { queryRows } from "../src/adapters/db/database";
import { preparedStatement } from "../src/adapters/db/prepared";
import { findFarmerSummary } from "../src/services/farmers/farmer-summary";
import { ensureBoards } from "../src/services/game/boards";
import { readGameState } from "../src/services/game/state";
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

  // The reads every garden open and every identity refill make: a day's first open draws the boards and stores them.
  it("runs the garden's state, the draw's store and the farmer summary as prepared statements", async () => {
    const address = "0x00000000000000000000000000000000000a11ce";
    const now = new Date("2026-03-04T05:06:07Z");
    const boards = await ensureBoards(connection.db, address, { chainNow: now, wallNow: now });
    expect(boards.quests.ids).toHaveLength(3);
    const state = await readGameState(connection.db, address, now);
    expect(state.quests.map((quest) => quest.id)).toEqual(boards.quests.ids);
    expect(await findFarmerSummary(connection.db, address)).toBeNull();
    expect(await preparedNames()).toEqual(
      expect.arrayContaining([
        "farm_game_draw_store_v1",
        "farm_game_state_read_v1",
        "farm_farmer_summary_v1",
      ]),
    );
  });
});
