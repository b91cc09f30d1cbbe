import { createCipheriv, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reencryptTable } from "../src/commands/reencrypt";
import { loadConfig } from "../src/config";
import { encryptedTables } from "../src/db/encrypted-columns";
import { farmers, investorVerifications } from "../src/db/schema";
import {
  decryptField,
  encryptField,
  FieldKeyring,
  keyId,
  openedValuesKept,
} from "../src/documents/field-encryption";
import { nikHash } from "../src/services/investors/nik-lookup";
import {
  investorForm,
  investorVerification,
  multipartBody,
  productionEnv,
  registrationProfile,
  validDocuments,
} from "./fixtures";
import { randomAccount, signIn, startTestApp, type TestApp } from "./helpers";

const production = productionEnv;

/** The re-encryption command's pass over one table, as it reports how many rows it rewrote. */
const reencrypt = async (t: TestApp, keys: FieldKeyring, table: unknown) =>
  (await reencryptTable(t.app.db, keys, encryptedTables.find((entry) => entry.table === table)!)).rewritten;

const developmentKey = "6661726d2d6c6f63616c2d646576656c6f706d656e742d6b65792d3332627974";

describe("encryption keys", () => {
  it("production refuses the published development key and keys shorter than 32 bytes", () => {
    expect(() => loadConfig({ ...production, ENCRYPTION_KEY: developmentKey })).toThrow(
      /ENCRYPTION_KEY: the published development key/,
    );
    expect(() => loadConfig({ ...production, ENCRYPTION_KEY: "ab".repeat(16) })).toThrow(/ENCRYPTION_KEY/);
    expect(() => loadConfig({ ...production, ENCRYPTION_OLD_KEYS: "abcd" })).toThrow(/ENCRYPTION_OLD_KEYS/);
    expect(loadConfig(production).encryptionKey).toHaveLength(32);
  });

  it("ciphertexts carry the id of their key; the newest key encrypts and every configured key decrypts", () => {
    const older = randomBytes(32);
    const newer = randomBytes(32);
    const value = encryptField(new FieldKeyring(older), "3201987654320001");
    expect(value.split(".").slice(0, 2)).toEqual(["v2", keyId(older)]);
    const rotated = new FieldKeyring(newer, [older]);
    expect(decryptField(rotated, value)).toBe("3201987654320001");
    expect(encryptField(rotated, "x").split(".")[1]).toBe(keyId(newer));
    expect(() => decryptField(new FieldKeyring(newer), value)).toThrow(/no configured encryption key/);
    // A value written before key ids (v1) is still read with whichever configured key opens it.
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", older, iv);
    const body = Buffer.concat([cipher.update("legacy", "utf8"), cipher.final()]);
    const legacy = ["v1", iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
    expect(decryptField(rotated, legacy)).toBe("legacy");
  });

  it("a keyring opens a value once and keeps a bounded number; an altered value is still refused", () => {
    const keyring = new FieldKeyring(randomBytes(32));
    const value = encryptField(keyring, "3201987654320001");
    expect(decryptField(keyring, value)).toBe("3201987654320001");
    expect(keyring.openedBefore(value)).toBe("3201987654320001");
    // The ciphertext's first character changed is another text: opened afresh, and the tag refuses it.
    const parts = value.split(".");
    const body = parts[4] ?? "";
    parts[4] = `${body.startsWith("A") ? "B" : "A"}${body.slice(1)}`;
    expect(() => decryptField(keyring, parts.join("."))).toThrow();
    // Another keyring (another configuration) has not opened it.
    expect(new FieldKeyring(randomBytes(32)).openedBefore(value)).toBeUndefined();
    // The oldest unused value goes first once more than openedValuesKept were opened.
    const values = Array.from({ length: openedValuesKept }, (_, i) => encryptField(keyring, `v${i}`));
    for (const v of values) decryptField(keyring, v);
    expect(keyring.openedBefore(value)).toBeUndefined();
    expect(keyring.openedBefore(values[0]!)).toBe("v0");
    decryptField(keyring, encryptField(keyring, "one more"));
    // values[0] was just used, so values[1] is now the oldest and went.
    expect(keyring.openedBefore(values[0]!)).toBe("v0");
    expect(keyring.openedBefore(values[1]!)).toBeUndefined();
  });

  describe("re-encryption command", () => {
    const oldKey = "ab".repeat(32);
    const newKey = "cd".repeat(32);
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { ENCRYPTION_KEY: oldKey } });
    });
    afterAll(async () => t?.close());

    it("moves every row to the newest key, after which the old key can go", async () => {
      const account = randomAccount();
      const cookie = await signIn(t.app, account);
      const profile = registrationProfile();
      const body = multipartBody({ profile: JSON.stringify(profile) }, validDocuments());
      const registered = await t.app.inject({
        method: "POST",
        url: "/api/farmers/register",
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
      expect(registered.statusCode).toBe(201);
      const rowOf = async () =>
        (await t.app.db.select().from(farmers).where(eq(farmers.walletAddress, account.address)))[0]!;
      expect((await rowOf()).nikEncrypted.split(".")[1]).toBe(keyId(Buffer.from(oldKey, "hex")));

      const rotated = new FieldKeyring(Buffer.from(newKey, "hex"), [Buffer.from(oldKey, "hex")]);
      expect(await reencrypt(t, rotated, farmers)).toBe(1);
      expect(await reencrypt(t, rotated, farmers)).toBe(0);
      const row = await rowOf();
      const newOnly = new FieldKeyring(Buffer.from(newKey, "hex"));
      for (const value of [row.nikEncrypted, row.npwpEncrypted, row.bankAccountEncrypted])
        expect(value.split(".")[1]).toBe(keyId(Buffer.from(newKey, "hex")));
      expect(decryptField(newOnly, row.nikEncrypted)).toBe(profile.personal.nik);
      expect(decryptField(newOnly, row.bankAccountEncrypted)).toBe(profile.business.bankAccountNumber);
    });

    it("moves investor verifications too, with their NIK lookup hash, so one NIK is still found once", async () => {
      const fields = investorVerification();
      const cookie = await signIn(t.app, randomAccount());
      const form = investorForm(fields);
      const sent = await t.app.inject({
        method: "POST",
        url: "/api/investors/verification",
        payload: form.payload,
        headers: { ...form.headers, cookie },
      });
      expect(sent.statusCode).toBe(201);
      const rotated = new FieldKeyring(Buffer.from(newKey, "hex"), [Buffer.from(oldKey, "hex")]);
      expect(await reencrypt(t, rotated, investorVerifications)).toBe(1);
      expect(await reencrypt(t, rotated, investorVerifications)).toBe(0);
      const [row] = await t.app.db.select().from(investorVerifications);
      const newOnly = new FieldKeyring(Buffer.from(newKey, "hex"));
      expect(decryptField(newOnly, row!.nikEncrypted)).toBe(fields.nik);
      expect(row!.nikHash).toBe(nikHash(newOnly, fields.nik as string));
    });
  });
});
