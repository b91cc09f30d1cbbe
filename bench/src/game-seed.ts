import { HELPS_GIVEN_PER_DAY, HELPS_REWARDED_PER_DAY, XP_PER_HELP } from "@farm/core";
import type pg from "pg";

/** Yesterday's UTC day number, as the game counts days. */
const yesterday = "floor(extract(epoch from now()) / 86400)::int - 1";

/**
 * Bulk seed in a few set-based statements: players, invoices, positions, investments, yesterday's waterings, every
 * investor verified with a public garden (for helps), and yesterday's helps.
 */
export async function seed(db: pg.Client, investors: string[], crops: number): Promise<void> {
  await db.query(
    `insert into players (address, xp, level, water, water_day, xp_reached_at, invested, invested_reached_at)
     select a, x, floor(sqrt(x / 50.0))::int + 1, 100, 0, now() - (n || ' seconds')::interval,
            (x::numeric * 1000000000000000000), now() - (n || ' seconds')::interval
     from unnest($1::text[]) with ordinality as t(a, n), lateral (select ((n * 7919) % 5000)::int as x) s`,
    [investors],
  );
  await db.query(
    `insert into chain_invoices (token_id, farmer, amount, funded, repaid, yield_bps, tenor_days, funding_deadline,
       funded_at, maturity, status, reference_hash, recovered, grace_days, submitted_block, updated_block,
       updated_log_index)
     select g, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', 1000000000000000000000, 1000000000000000000000, 0, 1000,
       30, now() + interval '7 days', now() - interval '5 days', now() + interval '25 days', 'funded',
       '0x' || md5(g::text) || md5((g + 1)::text), 0, 30, 1, 1, 0
     from generate_series(1, ${crops}) g`,
  );
  await db.query(
    `insert into chain_positions (token_id, holder, shares)
     select g, ($1::text[])[(g - 1) % ${investors.length} + 1], 1000000000000000000000 from generate_series(1, ${crops}) g`,
    [investors],
  );
  await db.query(
    `insert into chain_investments (id, token_id, investor, amount, block_number, block_time, tx_hash, log_index)
     select '0x' || md5(g::text) || md5((g + 1)::text) || ':0', g, ($1::text[])[(g - 1) % ${investors.length} + 1],
       1000000000000000000000, 1, now() - interval '5 days',
       '0x' || md5(g::text) || md5((g + 1)::text), 0
     from generate_series(1, ${crops}) g`,
    [investors],
  );
  // A game in play has history: every crop was watered yesterday. Besides being the realistic state, it gives the
  // planner true statistics for waterings; measured on an empty table, the cached plans probe it by sequential scan,
  // which a live database (autovacuum analyzes it after its first 50 rows) never keeps.
  await db.query(
    `insert into waterings (address, token_id, day, xp_gained, watered_at)
     select ($1::text[])[(g - 1) % ${investors.length} + 1], g, ${yesterday}, 5,
            now() - interval '1 day'
     from generate_series(1, ${crops}) g`,
    [investors],
  );
  // Every investor verified (a credential valid for a year) with a public garden, so any may help any other.
  await db.query(
    `insert into chain_credentials (wallet, tier, valid_until, frozen, "limit", updated_block)
     select a, 1, extract(epoch from now())::bigint + 365 * 86400, false, 1000000000000000000000000000, 1
     from unnest($1::text[]) as t(a)`,
    [investors],
  );
  await db.query(
    `insert into neighbours (address, garden_public, garden_slug)
     select a, true, translate(substr(md5(a), 1, 16), '0189', 'wxyz') from unnest($1::text[]) as t(a)`,
    [investors],
  );
  // Yesterday's helps: each investor helped the next three (its three a day, each owner rewarded for its three). As with
  // the waterings, an empty garden_helps gives the cached help plan a sequential scan of a table that then grows by
  // thousands of rows a minute before autovacuum analyzes it again; a game in play has had helps every day.
  await db.query(
    `insert into garden_helps (helper, owner, day, helper_xp, owner_xp, helped_at)
     select ($1::text[])[i], ($1::text[])[(i + k - 1) % ${investors.length} + 1],
            ${yesterday}, ${XP_PER_HELP}, ${XP_PER_HELP}, now() - interval '1 day'
     from generate_series(1, ${investors.length}) i, generate_series(1, ${HELPS_GIVEN_PER_DAY}) k`,
    [investors],
  );
  await db.query(
    `update neighbours set help_day = ${yesterday},
       helps_given = ${HELPS_GIVEN_PER_DAY}, helps_rewarded = ${HELPS_REWARDED_PER_DAY}`,
  );
  // A live database is vacuumed: hint bits set and visibility maps built, so the first reads of the bulk-loaded rows
  // (and autovacuum starting on them mid-run) do not distort the measured phase.
  await db.query("vacuum analyze");
}

/** The public garden slug `seed` gave an investor (md5 of its address, in the slug alphabet). */
export async function gardenSlugs(db: pg.Client, investors: string[]): Promise<string[]> {
  const { rows } = await db.query<{ slug: string }>(
    `select n.garden_slug as slug from unnest($1::text[]) with ordinality as t(a, i)
     join neighbours n on n.address = t.a order by t.i`,
    [investors],
  );
  return rows.map((row) => row.slug);
}
