import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { investorForm, investorVerification, ktpFile } from "./fixtures";
import { randomAccount, signIn, type TestApp, testBackends, withAdminApp } from "./helpers";

// A renewal supersedes the wallet's approval at once while its credential stays on chain until the new decision: the
// NIK must stay held by that wallet all along, whatever NIK the renewal carries and however it is decided.
describe.each(testBackends)("a verified investor's renewal on $name", ({ kind }) => {
  let t: TestApp;
  let adminCookie: string;
  withAdminApp(kind, (app, cookie) => {
    [t, adminCookie] = [app, cookie];
  });

  const send = async (cookie: string, verification: Record<string, unknown>) => {
    const body = investorForm(verification, [ktpFile()]);
    return t.app.inject({
      method: "POST",
      url: "/api/investors/verification",
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  };
  const statusOf = async (id: string) =>
    (
      await t.app.inject({
        method: "GET",
        url: `/api/admin/investors/${id}`,
        headers: { cookie: adminCookie },
      })
    ).json().status as string;

  /** A wallet approved as approval leaves it: the row approved and its credential indexed from the chain. */
  async function approvedInvestor(validUntil = Math.floor(Date.now() / 1000) + 365 * 86_400) {
    const account = randomAccount();
    const cookie = await signIn(t.app, account);
    const fields = investorVerification();
    const sent = await send(cookie, fields);
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id as string;
    await t.app.db.execute(
      sql`update investor_verifications set status = 'approved', valid_until = ${validUntil} where id = ${id}`,
    );
    await t.app.db.execute(sql`insert into chain_credentials (wallet, tier, valid_until, frozen, "limit", updated_block)
      values (${account.address}, 1, ${validUntil}, false, 0, 1)`);
    return { cookie, id, nik: fields.nik as string, address: account.address };
  }

  it("keeps the NIK held while the renewal waits, and a rejected renewal puts the approval back in force", async () => {
    const a = await approvedInvestor();
    const other = await signIn(t.app, randomAccount());
    expect((await send(other, investorVerification({ nik: a.nik }))).statusCode).toBe(409);

    // A renewal under some other NIK: the approved row is superseded, the credential still lives on chain.
    const renewal = await send(a.cookie, investorVerification());
    expect(renewal.statusCode, renewal.body).toBe(201);
    expect(await statusOf(a.id)).toBe("superseded");
    const taken = await send(other, investorVerification({ nik: a.nik }));
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().error.code).toBe("NIK_ALREADY_VERIFIED");

    const rejected = await t.app.inject({
      method: "POST",
      url: `/api/admin/investors/${renewal.json().id}/reject`,
      headers: { cookie: adminCookie },
      payload: { reason: "The KTP photo is unreadable" },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // The credential on chain is the approval's: the approval is in force again (freeze and rebind act on it).
    expect(await statusOf(a.id)).toBe("approved");
    expect((await send(other, investorVerification({ nik: a.nik }))).statusCode).toBe(409);
  });

  it("frees the NIK once the credential has ended on chain", async () => {
    const ended = Math.floor(Date.now() / 1000) - 86_400;
    const a = await approvedInvestor(ended);
    const renewal = await send(a.cookie, investorVerification());
    expect(renewal.statusCode, renewal.body).toBe(201);
    const other = await signIn(t.app, randomAccount());
    const fresh = await send(other, investorVerification({ nik: a.nik }));
    expect(fresh.statusCode, fresh.body).toBe(201);
  });
});
