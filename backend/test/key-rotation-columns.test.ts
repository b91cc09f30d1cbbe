import { createHash } from "node:crypto";
import { eq, getTableName, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/adapters/db/database";
import { reencryptAll } from "../src/commands/reencrypt";
import { encryptedTables } from "../src/db/encrypted-columns";
import { invoices, notificationAddresses, notificationPreferences, notifications } from "../src/db/schema";
import {
  decryptField,
  encryptField,
  FieldKeyring,
  fieldKeys,
  keyId,
} from "../src/documents/field-encryption";
import { buyerOptedOut, recordBuyerOptOut } from "../src/notifications/buyer-opt-out";
import { buyerRecipient } from "../src/notifications/outbox";
import { unsubscribeToken } from "../src/notifications/tokens";
import { registrationProfile } from "./fixtures";
import { randomAccount, registerFarmer, signIn, startTestApp, type TestApp, testBackends } from "./helpers";

const k1 = "a1".repeat(32);
const k2 = "b2".repeat(32);
const key = (hex: string) => Buffer.from(hex, "hex");
/** After the rotation: K2 encrypts, K1 still opens. */
const rotated = () => new FieldKeyring(key(k2), [key(k1)]);
/** After the old key was dropped. */
const k2Only = () => new FieldKeyring(key(k2));

/** Every stored value of every registered encrypted column, as `table.column` and the text. */
async function storedValues(t: TestApp): Promise<{ column: string; value: string }[]> {
  const values: { column: string; value: string }[] = [];
  for (const { table, columns } of encryptedTables)
    for (const column of columns) {
      const rows = (await t.app.db.select({ value: column }).from(table)) as { value: string | null }[];
      for (const { value } of rows)
        if (value !== null) values.push({ column: `${getTableName(table)}.${column.name}`, value });
    }
  return values;
}

describe.each(testBackends)("key rotation of every encrypted column on $name", ({ kind }) => {
  describe("the registry of encrypted columns", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ kind });
    });
    afterAll(async () => t?.close());

    it("names every column of the migrated database whose name says it is encrypted, and no other", async () => {
      const inDatabase = await queryRows<{ name: string }>(
        t.app.db,
        sql`select c.table_name || '.' || c.column_name as name
            from information_schema.columns c
            join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
            where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
              and c.column_name like '%encrypted%'`,
      );
      const registered = encryptedTables.flatMap(({ table, columns }) =>
        columns.map((column) => `${getTableName(table)}.${column.name}`),
      );
      expect(new Set(registered).size).toBe(registered.length);
      expect(registered.toSorted()).toEqual(inDatabase.map((row) => row.name).toSorted());
    });
  });

  describe("re-encryption under K2 of values written under K1", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ kind, env: { ENCRYPTION_KEY: k1 } });
    });
    afterAll(async () => t?.close());

    it("leaves every value readable with K2 alone: addresses, buyer contacts, confirmation secrets", async () => {
      const account = randomAccount();
      const profile = registrationProfile({ email: "Siti.Rotation@Example.id" });
      // A registration writes the farmer's KYC fields, its notification address and the verification mail's secret.
      const farmerId = await registerFarmer(t.app, await signIn(t.app, account), profile);
      const contact = "buyer.rotation@example.co.id";
      await t.app.db.insert(invoices).values({
        farmerId,
        farmerAddress: account.address,
        invoiceNumber: "INV-ROTATE-1",
        buyerName: "Toko Rotasi",
        buyerContactEncrypted: encryptField(fieldKeys(t.config), contact),
        description: "Beras 2 ton",
        dueDate: "2027-06-01",
        referenceHash: `0x${createHash("sha256").update(farmerId).digest("hex")}`,
        submissionState: "submitted",
      });
      const before = await storedValues(t);
      const formerlySkipped = [
        "invoices.buyer_contact_encrypted",
        "notification_addresses.email_encrypted",
        "notifications.secret_encrypted",
      ];
      for (const column of formerlySkipped) expect(before.map((v) => v.column)).toContain(column);
      for (const { value } of before) {
        expect(value.split(".")[1]).toBe(keyId(key(k1)));
        expect(() => decryptField(k2Only(), value)).toThrow(/no configured encryption key/);
      }

      const counts = await reencryptAll(t.app.db, rotated());
      const byTable = Object.fromEntries(counts.map(({ table, ...rest }) => [table, rest]));
      expect(byTable).toMatchObject({
        farmers: { rewritten: 1, unreadable: 0, remaining: 0 },
        investor_verifications: { rewritten: 0, unreadable: 0, remaining: 0 },
        invoices: { rewritten: 1, unreadable: 0, remaining: 0 },
        notification_addresses: { rewritten: 1, unreadable: 0, remaining: 0 },
        notifications: { rewritten: 1, unreadable: 0, remaining: 0 },
      });

      const after = await storedValues(t);
      expect(after.map((v) => v.column).toSorted()).toEqual(before.map((v) => v.column).toSorted());
      for (const { value } of after) expect(value.split(".")[1]).toBe(keyId(key(k2)));
      const [address] = await t.app.db.select().from(notificationAddresses);
      expect(decryptField(k2Only(), address!.emailEncrypted!)).toBe("siti.rotation@example.id");
      const [invoice] = await t.app.db.select().from(invoices);
      expect(decryptField(k2Only(), invoice!.buyerContactEncrypted!)).toBe(contact);
      // The verification mail's secret is the token whose digest the address waits for.
      const [mail] = await t.app.db.select().from(notifications).where(sql`secret_encrypted is not null`);
      const token = decryptField(k2Only(), mail!.secretEncrypted!);
      expect(createHash("sha256").update(token).digest("hex")).toBe(address!.verifyTokenHash);

      // Again: nothing left to move.
      for (const again of await reencryptAll(t.app.db, rotated())) expect(again.rewritten).toBe(0);
    });

    it("counts a value no configured key opens, and leaves it", async () => {
      await t.app.db.insert(notifications).values({
        idempotencyKey: "rotation|unreadable",
        kind: "address_verification",
        recipient: randomAccount().address.toLowerCase(),
        params: {},
        secretEncrypted: encryptField(key("c3".repeat(32)), "lost"),
        emailStatus: "dead",
      });
      try {
        const counts = await reencryptAll(t.app.db, rotated());
        expect(counts.find((c) => c.table === "notifications")).toEqual({
          table: "notifications",
          rewritten: 0,
          unreadable: 1,
          remaining: 1,
        });
      } finally {
        // The suite's other test reads every stored value under K1 first.
        await t.app.db.delete(notifications).where(eq(notifications.idempotencyKey, "rotation|unreadable"));
      }
    });
  });

  describe("buyers' opt-outs of link e-mails recorded under K1", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ kind, env: { ENCRYPTION_KEY: k1 } });
    });
    afterAll(async () => t?.close());

    it("are found with K2 alone after the command, for any invoice to the same address", async () => {
      const email = "opted.out@buyer.example";
      await t.app.db
        .insert(notificationAddresses)
        .values({ owner: buyerRecipient(7n), emailEncrypted: encryptField(fieldKeys(t.config), email) });
      await recordBuyerOptOut(t.app.db, t.config, buyerRecipient(7n), "buyer_confirmation_request");
      const k2Config = {
        ...t.config,
        encryptionKey: key(k2),
        resilience: { ...t.config.resilience, encryptionOldKeys: [] },
      };
      // The digest is keyed: K2 alone does not find the opt-out recorded under K1.
      expect(await buyerOptedOut(t.app.db, k2Config, 8n, email)).toBe(false);
      const optOuts = async () =>
        (await reencryptAll(t.app.db, rotated())).find((c) => c.table === "notification_preferences");
      expect(await optOuts()).toMatchObject({ rewritten: 1 });
      expect(await buyerOptedOut(t.app.db, k2Config, 8n, email)).toBe(true);
      expect(await optOuts()).toMatchObject({ rewritten: 0 });
    });
  });

  describe("unsubscribe links signed before a rotation", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ kind, env: { ENCRYPTION_KEY: k2, ENCRYPTION_OLD_KEYS: k1 } });
    });
    afterAll(async () => t?.close());

    const wallet = randomAccount().address.toLowerCase();
    const link = (token: string) => `/api/notifications/unsubscribe/${token}`;

    it("work with ENCRYPTION_KEY=K2 ENCRYPTION_OLD_KEYS=K1 when signed under K1, as under K2", async () => {
      for (const signer of [k1, k2]) {
        const token = unsubscribeToken(key(signer), wallet, signer === k1 ? "harvest_ready" : "kyc_approved");
        const shown = await t.app.inject({ method: "GET", url: link(token) });
        expect(shown.statusCode, shown.body).toBe(200);
        expect(shown.json()).toMatchObject({ unsubscribed: false });
        const applied = await t.app.inject({ method: "POST", url: link(token) });
        expect(applied.statusCode, applied.body).toBe(200);
        expect(applied.json()).toMatchObject({ unsubscribed: true });
      }
      const off = await t.app.db.select().from(notificationPreferences).where(sql`owner = ${wallet}`);
      expect(off.map((row) => [row.kind, row.email]).toSorted()).toEqual([
        ["harvest_ready", false],
        ["kyc_approved", false],
      ]);
    });

    it("are refused when signed by a key the configuration does not hold (an old key once dropped)", async () => {
      const token = unsubscribeToken(key("c3".repeat(32)), wallet, "harvest_ready");
      const shown = await t.app.inject({ method: "GET", url: link(token) });
      expect(shown.statusCode).toBe(404);
    });
  });
});
