import { seasonOf } from "@farm/core";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Database, queryRows } from "../src/adapters/db/database";
import * as schema from "../src/db/schema";
import type { EmailJobSender } from "../src/notifications/jobs";
import type { Statement } from "./query-plans";

/** The seeded wallets are 0x and their number in 40 digits (all digits: checksummed as they are). */
export const wallet = (n: number) => `0x${String(n).padStart(40, "0")}`;
/** The wallet under test: it holds 50 crops (tokens 400, 800, ..., 20000). */
export const me = wallet(4242);
export const playerCount = 50_000;

/**
 * Fills the hot tables at a size where a scan would show: 50,000 players (half of them in the season of `now`),
 * 20,000 invoices, 200,000 positions and investments, 600,000 waterings, 4,000 farmers.
 */
export async function seedHotTables(db: Database, now: Date): Promise<void> {
  const season = seasonOf(now).id;
  await db.execute(sql`
    insert into players (address, xp, level, water, water_day, xp_reached_at, invested, invested_reached_at,
      yield_earned, yield_reached_at, season, season_xp, season_reached_at, streak, best_streak)
    select '0x' || lpad(g::text, 40, '0'), (g::bigint * 7919) % 5000, 1 + g % 20, 100, 0,
      now() - (g % 997) * interval '1 minute', ((g::bigint * 104729) % 1000000) * 1000000000000000000::numeric,
      now() - (g % 991) * interval '1 minute', ((g::bigint * 15485863) % 300000) * 1000000000000000::numeric,
      now() - (g % 983) * interval '1 minute', case when g % 2 = 0 then ${season} else '2020-W01' end,
      (g * 31) % 700, now() - (g % 977) * interval '1 minute', g % 9, g % 30
    from generate_series(1, ${playerCount}) g`);
  await db.execute(sql`
    insert into achievements (address, achievement_id)
    select '0x' || lpad(g::text, 40, '0'), a.id
    from generate_series(1, ${playerCount}) g
    cross join unnest(array['first-seed', 'first-water', 'first-harvest']) a(id)`);
  await db.execute(sql`
    insert into season_scores (season, address, xp, reached_at)
    select s.id, '0x' || lpad(g::text, 40, '0'), (g * 17) % 700, now() - interval '30 days'
    from generate_series(1, ${playerCount}) g cross join unnest(array['2025-W50', '2025-W51']) s(id)`);
  await db.execute(sql`
    insert into season_podiums (season, rank, address, xp, reached_at)
    select s.id, r, '0x' || lpad(r::text, 40, '0'), 700 - r, now() - interval '30 days'
    from generate_series(1, 10) r cross join unnest(array['2025-W50', '2025-W51']) s(id)`);
  // submitted_at in milliseconds, as the app writes it from a JS Date (the queue's cursor relies on it).
  await db.execute(sql`
    insert into farmers (id, wallet_address, status, full_name, nik_encrypted, email, phone, date_of_birth, street,
      province, city, district, postal_code, business_name, business_type, npwp_encrypted, bank_name,
      bank_account_encrypted, bank_account_holder, crops, land_area_hectares, years_farming, submitted_at)
    select md5('farmer' || g)::uuid, '0x02' || lpad(g::text, 38, '0'),
      (array['pending_review', 'pending_review', 'approved', 'rejected'])[g % 4 + 1], 'Petani ' || g, 'x',
      'f' || g || '@example.com', '+6281200000000', '1980-01-01', 'Jalan', 'Jawa Barat', 'Bandung', 'Coblong',
      '40132', 'Tani ' || g, 'individual', 'x', 'BRI', 'x', 'Petani ' || g, '["rice"]', 1.5, 10,
      date_trunc('milliseconds', now()) - (4000 - g) * interval '1 hour'
    from generate_series(1, 4000) g`);
  await db.execute(sql`
    insert into farmer_documents (farmer_id, kind, storage_key, content_type, size_bytes, sha256)
    select md5('farmer' || g)::uuid, k, 'kyc/' || g || '/' || k, 'image/png', 1000, md5(g || k)
    from generate_series(1, 4000) g cross join unnest(array['ktp', 'npwp', 'bankStatement']) k`);
  await db.execute(sql`
    insert into chain_invoices (token_id, farmer, amount, funded, repaid, yield_bps, tenor_days, funding_deadline,
      funded_at, maturity, status, reference_hash, recovered, grace_days, submitted_block, updated_block,
      updated_log_index)
    select g, '0x02' || lpad((g % 4000 + 1)::text, 38, '0'), 1000000000000000000000, 0, 0, 1000, 30,
      now() + interval '7 days', now() - interval '10 days', now() + interval '20 days',
      (array['pending', 'approved', 'funded', 'funded', 'repaid', 'defaulted'])[g % 6 + 1],
      '0x' || md5(g::text) || md5((g + 1)::text), 0, 30, g, g, 0
    from generate_series(1, 20000) g`);
  await db.execute(sql`
    insert into invoices (token_id, farmer_id, farmer_address, invoice_number, buyer_name, description, due_date,
      reference_hash, submission_state)
    select g, md5('farmer' || (g % 4000 + 1))::uuid, '0x02' || lpad((g % 4000 + 1)::text, 38, '0'), 'INV-' || g,
      'Buyer ' || g, 'Rice', '2030-01-01', '0x' || md5(g::text) || md5((g + 1)::text), 'submitted'
    from generate_series(1, 20000) g`);
  await db.execute(sql`
    insert into invoice_documents (invoice_id, kind, storage_key, content_type, size_bytes, sha256)
    select m.id, k, 'evidence/' || m.token_id || '/' || k, 'application/pdf', 1000, md5(m.token_id || k)
    from invoices m cross join unnest(array['invoice', 'deliveryProof']) k
    where k = 'invoice' or m.token_id % 4 = 0`);
  // Four crops per player (each wallet and token once), except the wallet under test, which holds 50.
  await db.execute(sql`
    insert into chain_positions (token_id, holder, shares)
    select ((g % ${playerCount}) * 4 + g / ${playerCount}) % 20000 + 1,
      '0x' || lpad((g % ${playerCount} + 1)::text, 40, '0'), 100000000000000000000
    from generate_series(0, ${4 * playerCount - 1}) g
    where g % ${playerCount} + 1 <> 4242
    union all
    select 400 * k, ${me}, 100000000000000000000 from generate_series(1, 50) k`);
  await db.execute(sql`
    insert into chain_investments (id, token_id, investor, amount, block_number, block_time, tx_hash, log_index)
    select '0x' || md5(p.token_id || p.holder) || ':0', p.token_id, p.holder, p.shares, 1, now(), '0x00', 0
    from chain_positions p`);
  await db.execute(sql`
    insert into chain_harvests (id, token_id, holder, shares, principal, yield, block_number, block_time, tx_hash)
    select '0x' || md5(p.token_id || p.holder) || ':1', p.token_id, p.holder, 1000, 1000, 10, 2, now(), '0x00'
    from chain_positions p where p.token_id % 3 = 0`);
  await db.execute(sql`
    insert into chain_refunds (id, token_id, holder, shares, block_number, block_time, tx_hash)
    select '0x' || md5(p.token_id || p.holder) || ':2', p.token_id, p.holder, 1000, 3, now(), '0x00'
    from chain_positions p where p.token_id % 7 = 3`);
  await db.execute(sql`
    insert into waterings (address, token_id, day, xp_gained, watered_at)
    select p.holder, p.token_id, 20000 - d, 2, now() - d * interval '1 day'
    from chain_positions p cross join generate_series(1, 3) d`);
  // The wallet the reads are for has played every day for a year: a plant's history is 365 rows.
  await db.execute(sql`
    insert into waterings (address, token_id, day, xp_gained, watered_at)
    select p.holder, p.token_id, 20000 - d, 2, now() - d * interval '1 day'
    from chain_positions p cross join generate_series(4, 365) d where p.holder = ${me}`);
  await seedMarketTables(db);
}

/**
 * The seed market at a size where a scan would show: 100,000 orders (listings and offers, most open, some filled or
 * cancelled, each by a holder of the invoice), 100,000 fills between the seeded wallets (the wallet under test buys
 * and sells a few) and 10,000 cancels, and a credential for every wallet.
 */
export async function seedMarketTables(db: Database): Promise<void> {
  await db.execute(sql`
    insert into market_orders (signer, nonce, side, token_id, shares, price, expiry, signature, status, filled_shares,
      created_at)
    select p.holder, g, case when g % 2 = 0 then 'listing' else 'offer' end, p.token_id, 50000000000000000000,
      (90 + g % 12) * 10000000000000000::numeric, extract(epoch from now())::bigint + 86400 * (1 + g % 60),
      '0x' || repeat('1b', 65), (array['open', 'open', 'open', 'filled', 'cancelled'])[g % 5 + 1], 0,
      date_trunc('milliseconds', now()) - g * interval '1 second'
    from (select holder, token_id, row_number() over (order by token_id, holder) as g from chain_positions) p
    where p.g <= 100000`);
  await db.execute(sql`
    insert into chain_market_fills (id, kind, signer, seller, buyer, token_id, nonce, shares, cost, fee, block_number,
      block_time, tx_hash, log_index)
    select '0xm' || g || ':1', case when g % 2 = 0 then 'listing' else 'offer' end,
      '0x' || lpad((g % 50000 + 1)::text, 40, '0'), '0x' || lpad((g % 50000 + 1)::text, 40, '0'),
      case when g % 1000 = 0 then ${me} else '0x' || lpad(((g + 7) % 50000 + 1)::text, 40, '0') end,
      g % 20000 + 1, g, 5, 5, 0, 6, now(), '0xm' || g, 1
    from generate_series(1, 100000) g`);
  await db.execute(sql`
    insert into chain_market_cancels (id, signer, nonce, block_number, block_time, tx_hash)
    select '0xc' || g || ':0', '0x' || lpad((g * 5 % 50000 + 1)::text, 40, '0'), g * 5, 7, now(), '0xc' || g
    from generate_series(1, 10000) g`);
  await db.execute(sql`
    insert into chain_credentials (wallet, tier, valid_until, frozen, "limit", updated_block)
    select '0x' || lpad(g::text, 40, '0'), 1, 4000000000, g % 50 = 0, 1000000000000000000000000, 1
    from generate_series(1, ${playerCount}) g`);
}

/**
 * A database on a pool built like the app's (adapters/db/connect.ts) that records every statement it sends, so a test
 * reads the plans of exactly what a service sent: `capture` runs a service function and returns them in order.
 */
export function recordingDatabase(connectionString: string | undefined) {
  let sent: Statement[] = [];
  const pool = new pg.Pool({ connectionString, max: 4 });
  const send = pool.query.bind(pool) as (config: string | pg.QueryConfig, values?: unknown[]) => unknown;
  Object.assign(pool, {
    query: (config: string | pg.QueryConfig, values?: unknown[]) => {
      sent.push(
        typeof config === "string"
          ? { text: config, values: values ?? [] }
          : { text: config.text, values: values ?? config.values ?? [], name: config.name },
      );
      return send(config, values);
    },
  });
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  async function capture<T>(
    run: (db: Database) => Promise<T>,
  ): Promise<{ answer: T; statements: Statement[] }> {
    sent = [];
    const answer = await run(db);
    return { answer, statements: sent };
  }
  return { pool, db, capture };
}

/** Notifications per seeded wallet (the wallet under test has ten times as many); the rest of the jobs are done. */
const notificationsPerWallet = 6;
export const pendingNotifications = 2_000;

/**
 * Fills the outbox and pg-boss's job table: 300,000 delivered notifications over the 50,000 wallets (half of them
 * read), 600 for the wallet under test, each with its indexed event in chain_events, and 2,000 pending ones with their jobs queued behind 100,000 completed jobs
 * (pg-boss keeps completed jobs a week).
 */
export async function seedNotificationTables(db: Database, jobs: EmailJobSender): Promise<void> {
  const recipient = (n: string) => sql.raw(`'0x' || lpad(${n}::text, 40, '0')`);
  await db.execute(sql`
    insert into notifications (idempotency_key, kind, recipient, params, email_status, created_at, read_at, sent_at,
      source_event)
    select 'repayment_received|' || ${recipient("g")} || '|' || n, 'repayment_received', ${recipient("g")},
      jsonb_build_object('tokenId', n::text, 'amount', '1000000000000000000'), 'sent',
      now() - n * interval '1 hour', case when (g + n) % 2 = 0 then now() end, now() - n * interval '1 hour',
      'ev-' || g || '-' || n
    from generate_series(1, ${playerCount}::int) g
    cross join generate_series(1, case when g = 4242 then ${notificationsPerWallet * 100}::int else ${notificationsPerWallet}::int end) n`);
  // Each caused by an indexed event (the inbox hides a notification whose event a reorg dropped).
  await db.execute(sql`
    insert into chain_events (id, block_number, block_hash, tx_hash, log_index, contract, event_name, token_id, args)
    select source_event, id, '0x', '0x', 0, 'farmNft', 'Repaid', 1, '{}'::jsonb from notifications`);
  const done = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from notifications order by id limit 100000`,
  );
  for (let start = 0; start < done.length; start += 10_000)
    await db.transaction((tx) =>
      jobs.enqueue(
        tx,
        done.slice(start, start + 10_000).map((row) => Number(row.id)),
      ),
    );
  // Delivered long ago: pg-boss's own state for a completed job (set here rather than by 100,000 fetches).
  await db.execute(sql`update pgboss.job set state = 'completed', completed_on = now()`);
  await db.transaction(async (tx) => {
    const pending = await queryRows<{ id: string }>(
      tx,
      sql`insert into notifications (idempotency_key, kind, recipient, params)
          select 'repayment_received|' || ${recipient("g")} || '|pending', 'repayment_received', ${recipient("g")},
            jsonb_build_object('tokenId', g::text, 'amount', '1000000000000000000')
          from generate_series(1, ${pendingNotifications}::int) g
          returning id::text as id`,
    );
    await jobs.enqueue(
      tx,
      pending.map((row) => Number(row.id)),
    );
  });
}
