import { anvilKeys } from "@farm/testkit";
import { eq, sql } from "drizzle-orm";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withCompiledRows } from "../src/adapters/db/compiled-rows";
import { chainInvoices } from "../src/db/schema/chain";
import { farmers } from "../src/db/schema/farmers";
import { signInFarmer } from "./chain-app";
import { seedCrop } from "./game-fixture";
import { randomAccount, startTestApp, type TestApp, testBackends } from "./helpers";

describe.each(testBackends)("rows decoded by withCompiledRows on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
    // One invoice of a registered farm (anvil #2) and one of a wallet with no registration (its farm columns null).
    await signInFarmer(t, privateKeyToAccount(anvilKeys[2]));
    const { tokenId } = await seedCrop(t.app.db, { holder: randomAccount().address, tenorDays: 60 });
    await seedCrop(t.app.db, { holder: randomAccount().address, fundedDaysAgo: -1 });
    await t.app.db.execute(
      sql`update chain_invoices set farmer = ${randomAccount().address} where token_id = ${tokenId + 1n}`,
    );
  });
  afterAll(() => t.close());

  // Every kind of field the API's lists select: uint256 (bigint), timestamps (Date), nullable columns, jsonb,
  // numeric read as a number, SQL with and without mapWith, and a left join that found nothing.
  const select = () =>
    t.app.db
      .select({
        tokenId: chainInvoices.tokenId,
        amount: chainInvoices.amount,
        fundingDeadline: chainInvoices.fundingDeadline,
        fundedAt: chainInvoices.fundedAt,
        graceDays: chainInvoices.graceDays,
        status: chainInvoices.status,
        crops: farmers.crops,
        landAreaHectares: farmers.landAreaHectares,
        submittedAt: farmers.submittedAt,
        double: sql`${chainInvoices.tenorDays} * 2`.mapWith(Number),
        label: sql<string>`'seed ' || ${chainInvoices.tokenId}::text`,
        documents: sql<unknown[]>`json_build_array(1, 'two', null)`,
      })
      .from(chainInvoices)
      .leftJoin(farmers, eq(farmers.walletAddress, chainInvoices.farmer))
      .orderBy(chainInvoices.tokenId);

  it("gives exactly the rows drizzle's own mapping gives", async () => {
    const plain = await select().prepare(`compiled_rows_plain_${kind}`).execute();
    const compiled = await withCompiledRows(select().prepare(`compiled_rows_fast_${kind}`)).execute();
    expect(compiled).toStrictEqual(plain);
    expect(plain).toHaveLength(2);
    const [registered, unregistered] = plain;
    expect(typeof registered?.amount).toBe("bigint");
    expect(registered?.fundingDeadline).toBeInstanceOf(Date);
    expect(registered?.submittedAt).toBeInstanceOf(Date);
    expect(typeof registered?.landAreaHectares).toBe("number");
    expect(registered?.double).toBe(120);
    expect(unregistered).toMatchObject({ fundedAt: null, crops: null, submittedAt: null, graceDays: null });
  });

  it("leaves a nested selection to drizzle's mapping (a left join may null a whole object)", async () => {
    const prepared = t.app.db
      .select({ invoice: { tokenId: chainInvoices.tokenId }, farm: { name: farmers.businessName } })
      .from(chainInvoices)
      .leftJoin(farmers, eq(farmers.walletAddress, chainInvoices.farmer))
      .orderBy(chainInvoices.tokenId)
      .prepare(`compiled_rows_nested_${kind}`);
    expect(withCompiledRows(prepared)).toBe(prepared);
    const rows = await prepared.execute();
    expect(rows[1]?.farm).toBeNull();
  });
});
