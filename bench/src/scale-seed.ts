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

/** The funded invoices were funded this many days ago (their crops were planted then). */
const FUNDED_DAYS_AGO = 5;

/**
 * What the API's reads join that the chain's rows do not hold, so they are measured with it: each chain invoice's
 * off-chain row (as `POST /api/invoices` writes it) with its invoice document (half with the buyer's confirmation), and
 * every crop watered on each day since it was planted but today (left for the benchmarks' own waterings).
 */
async function seedHistory(db: pg.Client): Promise<void> {
  const invoiceRows = await db.query(`
    insert into invoices (token_id, farmer_id, farmer_address, invoice_number, buyer_name, description, due_date,
      reference_hash, submission_state, buyer_decision, buyer_decision_method, buyer_decided_at, buyer_email_domain,
      created_at)
    select c.token_id, f.id, c.farmer, 'INV/2026/' || lpad(c.token_id::text, 6, '0'),
      'PT Pangan Nusantara ' || (c.token_id % 97), 'Beras medium 10 ton, kiriman ke gudang ' || (c.token_id % 13),
      (c.funding_deadline + make_interval(days => c.tenor_days))::date, c.reference_hash, 'submitted',
      case when c.token_id % 2 = 0 then 'confirmed' end, case when c.token_id % 2 = 0 then 'link' end,
      case when c.token_id % 2 = 0 then c.funding_deadline - interval '10 days' end,
      case when c.token_id % 2 = 0 then 'pangan' || (c.token_id % 97) || '.co.id' end,
      c.funding_deadline - interval '14 days'
    from chain_invoices c join farmers f on f.wallet_address = c.farmer`);
  const documentRows = await db.query(`
    insert into invoice_documents (invoice_id, kind, storage_key, content_type, size_bytes, sha256)
    select i.id, 'invoice', 'invoices/' || i.id || '/invoice', 'application/pdf', 180000, substr(c.document_hash, 3)
    from invoices i join chain_invoices c on c.token_id = i.token_id`);
  const wateringRows = await db.query(
    `insert into waterings (address, token_id, day, xp_gained, watered_at)
       select p.holder, p.token_id, d, 5, to_timestamp(d * 86400.0 + 7 * 3600)
       from chain_positions p join chain_invoices c on c.token_id = p.token_id and c.status = 'funded',
         generate_series(floor(extract(epoch from now()) / 86400)::int - $1::int,
                         floor(extract(epoch from now()) / 86400)::int - 1) d`,
    [FUNDED_DAYS_AGO],
  );
  console.log(
    `seeded beside the chain's rows: ${invoiceRows.rowCount} off-chain invoices, ${documentRows.rowCount} invoice documents, ${wateringRows.rowCount} waterings (${FUNDED_DAYS_AGO} days)`,
  );
}

/**
 * Seeds with COPY: players, farmers (every third pending review), invoices (every fifth open, the rest funded), crops
 * (positions) and their investments, then what the reads join beside them (seedHistory). Investor n is `address(n, 1)`, farmer n `address(n, 2)`, and a whale
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
      maturity, status, reference_hash, document_hash, recovered, grace_days, submitted_block, updated_block,
      updated_log_index)`,
    mapRange(1, invoices, (g) => [
      g,
      farmerList[g % farmers] ?? "",
      thousandGold,
      thousandGold,
      0,
      1000,
      30,
      secondsAgo(now, -7 * day),
      secondsAgo(now, FUNDED_DAYS_AGO * day),
      secondsAgo(now, -(30 - FUNDED_DAYS_AGO) * day),
      g % 5 === 0 ? "approved" : "funded",
      `0x${md5(String(g))}${md5(String(g + 1))}`,
      `0x${md5(`document ${g}`)}${md5(`document ${g + 1}`)}`,
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
  const fundedAt = secondsAgo(now, FUNDED_DAYS_AGO * day);
  await copyInto(
    db,
    "chain_investments (id, token_id, investor, amount, block_number, block_time, tx_hash, log_index)",
    mapRange(0, crops - 1, (c) => {
      const tx = `0x${md5(String(c))}${md5(String(c + 1))}`;
      return [`${tx}:0`, (c % invoices) + 1, holderOf(c), share, (c % invoices) + 1, fundedAt, tx, 0];
    }),
  );
  await seedHistory(db);
  await db.query("vacuum analyze");
  // Seeding a million rows leaves dirty pages behind; without a checkpoint here the checkpointer writes them out during
  // the first measurements, and the largest size looks slower for it than its queries are.
  await db.query("checkpoint");
}
