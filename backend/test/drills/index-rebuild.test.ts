import { anvilKeys } from "@farm/testkit";
import { sql } from "drizzle-orm";
import { fromDrizzle } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseConnection } from "../../src/adapters/db/connect";
import { queryRows } from "../../src/adapters/db/database";
import { platformChainHooks } from "../../src/chain/hooks/platform";
import { chainDigests, wipeChainIndex } from "../../src/commands/index-digest";
import { chainClockOf, defaultHistoryCutoffMs } from "../../src/notifications/hooks";
import { emailQueue, startSendingOnly } from "../../src/notifications/jobs";
import {
  type FarmChain,
  FarmDriver,
  gold,
  indexBackends,
  indexerFor,
  startFarmChain,
} from "../chain-fixture";
import { fixedGameHooks, playHistory } from "./chain-history";

describe.each(indexBackends)(
  "drill: rebuild the index from the chain ($name)",
  { timeout: 120_000 },
  (backend) => {
    let farm: FarmChain;
    let connection: DatabaseConnection;

    beforeAll(async () => {
      [farm, connection] = await Promise.all([startFarmChain(), backend.open()]);
      await playHistory(farm);
    }, 180_000);

    afterAll(async () => {
      await connection?.close();
      await farm?.stop();
    });

    it("wiping every chain-determined table and indexing again from the deployment block gives identical digests", async () => {
      const hooks = fixedGameHooks();
      // Indexed as it happened: small ranges, one poll after another.
      const live = indexerFor(farm, connection.db, { hooks, blockRange: 3 });
      await live.syncOnce();
      const before = await chainDigests(connection.db);
      const rows = Object.fromEntries(before.map((d) => [d.table, d.rows]));
      expect(rows).toMatchObject({
        chain_investments: 4,
        chain_harvests: 1,
        chain_repayments: 1,
        xp_grants: 5,
      });
      expect(rows.chain_faucet_claims).toBe(1);
      expect(rows.players).toBeGreaterThanOrEqual(3);

      await wipeChainIndex(connection.db, farm.anvil.chainId, hooks);
      const wiped = await chainDigests(connection.db);
      expect(wiped.every((d) => d.rows === 0)).toBe(true);
      await live.stop();

      const rebuilt = indexerFor(farm, connection.db, { hooks, blockRange: 1000 });
      const result = await rebuilt.syncOnce();
      await rebuilt.stop();
      expect(result.indexed).toBe(result.head);
      expect(await chainDigests(connection.db)).toEqual(before);
    });

    // The history's lifecycle events are over 30 days old on the chain's clock (playHistory ends 31 days on): indexed
    // again from the deployment block they reach the inbox, but no e-mail job is made for any of them. Without the
    // cut-off every one of them would be e-mailed a second time (and new holders or admins a first time).
    it("a rebuild from the deployment block e-mails nothing of the history; a new event after it is e-mailed", async () => {
      const emailJobs = await startSendingOnly(
        connection.pglite !== undefined
          ? { pglite: connection.pglite }
          : { adapter: fromDrizzle(connection.db as never, sql) },
      );
      try {
        const hooks = platformChainHooks({
          adminAddresses: [],
          emailJobs,
          history: { chainNow: chainClockOf(farm.publicClient), cutoffMs: defaultHistoryCutoffMs },
        });
        const outbox = async () => {
          const [row] = await queryRows<{ skipped: number; pending: number; jobs: number }>(
            connection.db,
            sql`select count(*) filter (where email_status = 'skipped')::int as skipped,
                  count(*) filter (where email_status <> 'skipped')::int as pending,
                  (select count(*)::int from pgboss.job where name = ${emailQueue}) as jobs
                from notifications`,
          );
          return row!;
        };
        const rebuild = async () => {
          await wipeChainIndex(connection.db, farm.anvil.chainId, hooks);
          const indexer = indexerFor(farm, connection.db, { hooks });
          await indexer.syncOnce();
          await indexer.stop();
        };
        await rebuild();
        const history = await outbox();
        // Approved, funded (farmer and holders), repaid: all in the inbox, none to be e-mailed.
        expect(history.skipped).toBeGreaterThanOrEqual(5);
        expect(history).toMatchObject({ pending: 0, jobs: 0 });
        // Rebuilt once more: still nothing to send. An admin's "new invoice" row may be added now if this pass saw the
        // admin's grant before the invoice in a batch the first pass split otherwise (ranges follow log density).
        await rebuild();
        const again = await outbox();
        expect(again).toMatchObject({ pending: 0, jobs: 0 });
        expect(again.skipped).toBeGreaterThanOrEqual(history.skipped);

        // News: an invoice submitted and approved now is e-mailed to the admin and the farmer, who have addresses
        // (a wallet with none gets its inbox row settled, with no job).
        const farmer = farm.wallet(anvilKeys[2]!).account.address;
        await connection.db.execute(
          sql`insert into notification_addresses (owner, email_encrypted, verified_at)
              values (${farm.admin.account.address.toLowerCase()}, 'test', now()), (${farmer.toLowerCase()}, 'test', now())
              on conflict (owner) do nothing`,
        );
        const driver = new FarmDriver(farm);
        await driver.openInvoice(farmer, gold(100n));
        const live = indexerFor(farm, connection.db, { hooks });
        await live.syncOnce();
        await live.stop();
        // Submitted (to the admin the index saw granted) and approved (to the farmer): each pending, with its job.
        expect(await outbox()).toEqual({ ...again, pending: 2, jobs: 2 });
      } finally {
        await emailJobs.stop();
      }
    });
  },
);
