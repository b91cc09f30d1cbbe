import { randomBytes } from "node:crypto";
import {
  commodityOf,
  deriveCropStage,
  type GardenVisibility,
  type HelpBlocker,
  type HelpCounters,
  helpsLeft,
  type InvoiceStatusName,
  NO_HELPS,
  type PublicGarden,
  utcDay,
  verifiedInvestorSql,
} from "@farm/core";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import { notFound } from "../../errors";
import { isUniqueViolation } from "../../errors/pg";
import { readGardenLayout } from "../game/garden-layout";

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** `bytes` random bytes in lower-case base32 (5 bits a character): 10 bytes make a 16-character slug. */
export function randomBase32(bytes: number): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of randomBytes(bytes)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** The player's neighbours row, created (private garden, no helps) when missing; concurrent callers are harmless. */
export async function ensureNeighbour(db: Executor, address: string): Promise<void> {
  await db.execute(
    sql`insert into neighbours (address) values (${address}) on conflict (address) do nothing`,
  );
}

/** My garden's visibility (private, no slug, until made public once). */
export async function readVisibility(db: Executor, address: string): Promise<GardenVisibility> {
  const [row] = await queryRows<{ garden_public: boolean; garden_slug: string | null }>(
    db,
    sql`select garden_public, garden_slug from neighbours where address = ${address}`,
  );
  return { public: row?.garden_public ?? false, slug: row?.garden_slug ?? null };
}

/**
 * PUT /api/game/garden/visibility: public or private. The first time a garden goes public it gets its slug (80 random
 * bits, never the address), kept afterwards so a link shared once works again when the garden is public again.
 */
export async function setVisibility(
  db: Executor,
  address: string,
  isPublic: boolean,
): Promise<GardenVisibility> {
  for (let attempt = 0; ; attempt++) {
    const slug = randomBase32(10);
    try {
      const [row] = await queryRows<{ garden_public: boolean; garden_slug: string | null }>(
        db,
        sql`insert into neighbours (address, garden_public, garden_slug)
          values (${address}, ${isPublic}, case when ${isPublic} then ${slug}::text end)
          on conflict (address) do update set
            garden_public = excluded.garden_public,
            garden_slug = coalesce(neighbours.garden_slug, excluded.garden_slug),
            updated_at = now()
          returning garden_public, garden_slug`,
      );
      return { public: row?.garden_public ?? isPublic, slug: row?.garden_slug ?? null };
    } catch (error) {
      // 80 random bits collide with vanishing odds; a collision draws again.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

interface GardenRow {
  owner: string;
  display_name: string | null;
  avatar: string | null;
  level: number | null;
  helps_today: number;
  plants: [string, InvoiceStatusName, string | null, string | null, number | null, string, boolean][] | null;
  owner_verified: boolean;
  caller_verified: boolean | null;
  helped_today: boolean | null;
  caller_help_day: number | null;
  caller_helps_given: number | null;
  caller_helps_rewarded: number | null;
}

/** The caller of a public garden: its address and the chain's time its credential is judged at. */
export interface GardenCaller {
  address: string;
  chainNow: Date;
}

const stageOf = (plant: NonNullable<GardenRow["plants"]>[number], chainNow: Date) => {
  const [, status, fundedAt, maturity, graceDays, shares, hasHarvested] = plant;
  return deriveCropStage(
    {
      status,
      fundedAt: fundedAt === null ? null : new Date(fundedAt),
      maturity: maturity === null ? null : new Date(maturity),
      graceDays,
      shares: BigInt(shares),
      hasHarvested,
    },
    chainNow,
  );
};

function blockerOf(
  row: GardenRow,
  caller: GardenCaller | null,
  counters: HelpCounters,
  day: number,
): HelpBlocker | null {
  if (caller === null) return "signed-out";
  if (caller.address.toLowerCase() === row.owner.toLowerCase()) return "own-garden";
  if (!row.caller_verified) return "not-verified";
  if (!row.owner_verified) return "neighbour-not-verified";
  if (row.helped_today) return "helped-today";
  return helpsLeft(counters, day) === 0 ? "no-helps-left" : null;
}

/**
 * GET /api/gardens/:slug in one statement: the garden of a public slug (404 for a private or unknown one alike) with
 * its plants' commodity and stage only (no amounts, no dates, no address), today's helps, and whether the caller may
 * help now. Plants are the owner's positions still held, and the harvested ones, stage derived at the chain's time.
 */
export async function readPublicGarden(
  db: Executor,
  slug: string,
  caller: GardenCaller | null,
  now: { chainNow: Date; wallNow: Date },
): Promise<PublicGarden> {
  const day = utcDay(now.wallNow);
  const seconds = String(Math.floor(now.chainNow.getTime() / 1000));
  const me = caller?.address ?? null;
  const [row] = await queryRows<GardenRow>(
    db,
    sql`select n.address as owner, p.display_name, p.avatar, p.level,
        (select count(*)::int from garden_helps h where h.owner = n.address and h.day = ${day}::int) as helps_today,
        (select json_agg(json_build_array(i.description, c.status, c.funded_at, c.maturity, c.grace_days,
            pos.shares::text, exists (select 1 from chain_harvests h where h.token_id = pos.token_id
              and h.holder = pos.holder)) order by pos.token_id)
          from chain_positions pos join chain_invoices c on c.token_id = pos.token_id
          left join invoices i on i.token_id = pos.token_id
          where pos.holder = n.address
            and (pos.shares > 0 or exists (select 1 from chain_harvests h where h.token_id = pos.token_id
              and h.holder = pos.holder))) as plants,
        ${verifiedInvestorSql(sql, sql`n.address`, seconds)} as owner_verified,
        case when ${me}::text is null then null else ${verifiedInvestorSql(sql, sql`${me}::text`, seconds)} end
          as caller_verified,
        exists (select 1 from garden_helps h where h.helper = ${me}::text and h.owner = n.address
          and h.day = ${day}::int) as helped_today,
        m.help_day as caller_help_day, m.helps_given as caller_helps_given, m.helps_rewarded as caller_helps_rewarded
      from neighbours n
      left join players p on p.address = n.address
      left join neighbours m on m.address = ${me}::text
      where n.garden_slug = ${slug} and n.garden_public`,
  );
  if (!row) throw notFound("No public garden here");
  const counters: HelpCounters =
    row.caller_help_day === null
      ? NO_HELPS
      : {
          day: row.caller_help_day,
          given: row.caller_helps_given ?? 0,
          rewarded: row.caller_helps_rewarded ?? 0,
        };
  return {
    slug,
    name: row.display_name,
    avatar: row.avatar,
    level: row.level ?? 1,
    plants: (row.plants ?? []).map((plant) => ({
      commodity: commodityOf(plant[0]),
      stage: stageOf(plant, now.chainNow),
    })),
    decorations: (await readGardenLayout(db, row.owner)).items,
    helpsToday: row.helps_today,
    help: {
      blocker: blockerOf(row, caller, counters, day),
      helpsLeft: caller ? helpsLeft(counters, day) : 0,
    },
  };
}
