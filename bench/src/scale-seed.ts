/** The scale benchmarks' data: players, farmers, invoices and crops written with COPY (bench:scale, bench:api). */
import { createHash } from "node:crypto";
import { copyTextLines } from "@farm/backend/bench-kit";
import type pg from "pg";
import { getAddress } from "viem";

export const address = (n: number, tag: number) =>
  getAddress(`0x${tag.toString(16).padStart(2, "0")}${n.toString(16).padStart(38, "0")}`);

/** Streams rows into `target` ("table (columns)") with COPY; no generated cell holds a tab, newline or backslash. */
function copyInto(
  db: pg.Client,
  target: string,
  rows: Iterable<readonly (string | number)[]>,
): Promise<void> {
  return copyTextLines(
    db,
    target,
    (function* () {
      for (const row of rows) yield row.join("\t");
    })(),
  );
}

function* range(from: number, to: number): Generator<number> {
  for (let n = from; n <= to; n += 1) yield n;
}

function* mapRange<T>(from: number, to: number, row: (n: number) => T): Generator<T> {
  for (const n of range(from, to)) yield row(n);
}

const md5 = (text: string) => createHash("md5").update(text).digest("hex");
const secondsAgo = (now: number, seconds: number) => new Date(now - seconds * 1000).toISOString();
const WEI = 10n ** 18n;

/** How many of each a seeded database holds. */
export interface ScaleShape {
  crops: number;
  investors: number;
  invoices: number;
  farmers: number;
}

/**
 * The shape bench:scale seeds for a number of crops: a fifth as many investors (at least `activePlayers`) and invoices,
 * a farmer per twenty invoices.
 */
export function scaleShape(crops: number, activePlayers: number): ScaleShape {
  const invoices = Math.max(crops / 5, 100);
  return {
    crops,
    investors: Math.max(crops / 5, activePlayers),
    invoices,
    farmers: Math.max(Math.floor(invoices / 20), 100),
  };
}

/**
 * Seeds with COPY: players, farmers (every third pending review), invoices (every fifth open, the rest funded), crops
 * (positions) and their investments. Investor n is `address(n, 1)`, farmer n `address(n, 2)`, and a whale
 * (`address(1, 3)`) holds a small share of the first 50 invoices. Crop c is invoice c % invoices + 1 held by investor
 * (c % invoices + floor(c / invoices) * 7919) % investors.
 */
export async function seedScale(db: pg.Client, shape: ScaleShape, encryptedField: string): Promise<void> {
  const { crops, investors, invoices, farmers } = shape;
  const now = Date.now();
  const day = 86_400;
  // Checksummed as the API stores and compares them: investor n is address(n, 1), farmer n address(n, 2).
  const investorList = Array.from({ length: investors }, (_, i) => address(i + 1, 1));
  const farmerList = Array.from({ length: farmers }, (_, i) => address(i + 1, 2));
  const whale = address(1, 3);
  await copyInto(
    db,
    "players (address, xp, level, water, water_day, xp_reached_at, invested, invested_reached_at)",
    mapRange(1, investors, (n) => {
      const xp = (n * 7919) % 5000;
      const reached = secondsAgo(now, n);
      return [
        investorList[n - 1] ?? "",
        xp,
        Math.floor(Math.sqrt(xp / 50)) + 1,
        100,
        0,
        reached,
        `${BigInt(xp) * WEI}`,
        reached,
      ];
    }),
  );
  await copyInto(db, "players (address, xp, level, water, water_day, xp_reached_at)", [
    [whale, 10, 1, 100, 0, new Date(now).toISOString()],
  ]);
  await copyInto(
    db,
    `farmers (wallet_address, status, full_name, nik_encrypted, email, phone, date_of_birth, street, province, city,
      district, postal_code, business_name, business_type, npwp_encrypted, bank_name, bank_account_encrypted,
      bank_account_holder, crops, land_area_hectares, years_farming, submitted_at)`,
    mapRange(1, farmers, (n) => [
      farmerList[n - 1] ?? "",
      n % 3 === 0 ? "pending_review" : "approved",
      `Farmer ${n}`,
      encryptedField,
      `farmer${n}@example.com`,
      `+6281234567${String(n % 1000).padStart(3, "0")}`,
      "1980-01-01",
      `Jalan ${n}`,
      "Jawa Barat",
      "Bandung",
      "Coblong",
      "40132",
      `Tani ${n}`,
      "individual",
      encryptedField,
      "BCA",
      encryptedField,
      `Farmer ${n}`,
      '["rice"]',
      2.5,
      10,
      secondsAgo(now, n),
    ]),
  );
  const thousandGold = `${1000n * WEI}`;
  await copyInto(
    db,
    `chain_invoices (token_id, farmer, amount, funded, repaid, yield_bps, tenor_days, funding_deadline, funded_at,
      maturity, status, reference_hash, recovered, grace_days, submitted_block, updated_block, updated_log_index)`,
    mapRange(1, invoices, (g) => [
      g,
      farmerList[g % farmers] ?? "",
      thousandGold,
      thousandGold,
      0,
      1000,
      30,
      secondsAgo(now, -7 * day),
      secondsAgo(now, 5 * day),
      secondsAgo(now, -25 * day),
      g % 5 === 0 ? "approved" : "funded",
      `0x${md5(String(g))}${md5(String(g + 1))}`,
      0,
      30,
      g,
      g,
      0,
    ]),
  );
  // Crop c: invoice c % invoices + 1, held by an investor that no other crop of that invoice has (COPY refuses a
  // repeated (token, holder), so a seeding mistake stops the run). The whale holds a small share of 50 invoices.
  const holderOf = (c: number) =>
    investorList[((c % invoices) + Math.floor(c / invoices) * 7919) % investors] ?? "";
  const share = `${200n * WEI}`;
  await copyInto(
    db,
    "chain_positions (token_id, holder, shares)",
    (function* () {
      yield* mapRange(0, crops - 1, (c) => [(c % invoices) + 1, holderOf(c), share]);
      yield* mapRange(1, 50, (t) => [t, whale, `${WEI}`]);
    })(),
  );
  const fiveDaysAgo = secondsAgo(now, 5 * day);
  await copyInto(
    db,
    "chain_investments (id, token_id, investor, amount, block_number, block_time, tx_hash, log_index)",
    mapRange(0, crops - 1, (c) => {
      const tx = `0x${md5(String(c))}${md5(String(c + 1))}`;
      return [`${tx}:0`, (c % invoices) + 1, holderOf(c), share, (c % invoices) + 1, fiveDaysAgo, tx, 0];
    }),
  );
  await db.query("vacuum analyze");
  // Seeding a million rows leaves dirty pages behind; without a checkpoint here the checkpointer writes them out during
  // the first measurements, and the largest size looks slower for it than its queries are.
  await db.query("checkpoint");
}
