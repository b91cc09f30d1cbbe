import type { SqlTag } from "../sql-tag";
import { COMMODITIES, COMMODITY_WORDS, type Commodity, commodityOf } from "./commodity";
import {
  ISLAND_GROUPS,
  type IslandGroup,
  islandOf,
  PROVINCE_IDS,
  type ProvinceId,
  provinceKey,
  provinceKeySql,
  provinceKeysSql,
  provinceOf,
  provincesOf,
} from "./provinces";

// The almanac: the commodities and provinces a player has funded (invested in, or bought shares of on the seed
// market), and badges for completing sets. Collected things are tokens ("commodity:rice", "province:bali",
// "island:java"); every badge is one set of tokens and a target, so one rule decides them all, in TypeScript and SQL.

/** One funding of an invoice: an investment or a purchase on the seed market, with the invoice's free texts. */
export interface AlmanacFunding {
  tokenId: string;
  /** The invoice's description (its commodity is read from it), null without metadata. */
  description: string | null;
  /** The farmer's province as typed, null without a farmer. */
  province: string | null;
  fundedAt: Date;
}

export interface AlmanacBadgeDefinition {
  id: string;
  /** The tokens the badge counts. */
  members: readonly string[];
  /** Members to collect: all of them for a set, fewer for a count. */
  target: number;
}

const token = {
  commodity: (id: Commodity) => `commodity:${id}`,
  province: (id: ProvinceId) => `province:${id}`,
  island: (id: IslandGroup) => `island:${id}`,
};
const provinceTokens = PROVINCE_IDS.map(token.province);
const set = (id: string, members: readonly string[]) => ({ id, members, target: members.length });
const count = (target: number) => ({ id: `provinces-${target}`, members: provinceTokens, target });

/** Every badge, in the order the almanac shows them. Cosmetic only: a badge is never money, access or yield. */
export const ALMANAC_BADGES: readonly AlmanacBadgeDefinition[] = [
  set("every-commodity", COMMODITIES.map(token.commodity)),
  set("every-island", ISLAND_GROUPS.map(token.island)),
  ...ISLAND_GROUPS.map((island) => set(`island-${island}`, provincesOf(island).map(token.province))),
  count(5),
  count(10),
  count(20),
];
export type AlmanacBadgeId =
  | "every-commodity"
  | "every-island"
  | `island-${IslandGroup}`
  | "provinces-5"
  | "provinces-10"
  | "provinces-20";
export const ALMANAC_BADGE_IDS = ALMANAC_BADGES.map((badge) => badge.id) as [
  AlmanacBadgeId,
  ...AlmanacBadgeId[],
];

export interface AlmanacBadge {
  id: AlmanacBadgeId;
  /** Members collected, at most the target. */
  progress: number;
  target: number;
  earned: boolean;
}

/** The badges a set of collected tokens reaches: progress is the members collected, capped at the target. */
export function almanacBadges(collected: ReadonlySet<string>): AlmanacBadge[] {
  return ALMANAC_BADGES.map((badge) => {
    const progress = Math.min(badge.target, badge.members.filter((member) => collected.has(member)).length);
    return {
      id: badge.id as AlmanacBadgeId,
      progress,
      target: badge.target,
      earned: progress >= badge.target,
    };
  });
}

export interface AlmanacEntry {
  /** Distinct invoices funded. */
  funded: number;
  firstFundedAt: string | null;
}

/** A player's almanac: every commodity and province (funded or not), what could not be placed, the badges. */
export interface Almanac {
  commodities: ({ commodity: Commodity } & AlmanacEntry)[];
  islands: { island: IslandGroup; provinces: ({ province: ProvinceId } & AlmanacEntry)[] }[];
  /** Invoices funded whose commodity or province is not in the lists: out of the sets, but counted. */
  unplaced: { commodity: number; provinces: { name: string; funded: number }[] };
  badges: AlmanacBadge[];
}

/** What the rule counted, the same from both forms: the input of assembleAlmanac. */
export interface AlmanacCounts {
  commodities: Map<string, AlmanacEntry>;
  provinces: Map<string, AlmanacEntry>;
  unplacedCommodity: number;
  unplacedProvinces: Map<string, number>;
  badges: Map<string, number>;
}

const NOT_YET: AlmanacEntry = { funded: 0, firstFundedAt: null };

/** The almanac from its counts: every member listed in catalogue order, unknown provinces by name. */
export function assembleAlmanac(counts: AlmanacCounts): Almanac {
  return {
    commodities: COMMODITIES.map((commodity) => ({
      commodity,
      ...(counts.commodities.get(commodity) ?? NOT_YET),
    })),
    islands: ISLAND_GROUPS.map((island) => ({
      island,
      provinces: provincesOf(island).map((province) => ({
        province,
        ...(counts.provinces.get(province) ?? NOT_YET),
      })),
    })),
    unplaced: {
      commodity: counts.unplacedCommodity,
      provinces: [...counts.unplacedProvinces]
        .map(([name, funded]) => ({ name, funded }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    },
    badges: ALMANAC_BADGES.map((badge) => {
      const progress = counts.badges.get(badge.id) ?? 0;
      return {
        id: badge.id as AlmanacBadgeId,
        progress,
        target: badge.target,
        earned: progress >= badge.target,
      };
    }),
  };
}

function note(entries: Map<string, AlmanacEntry>, key: string, at: string) {
  const entry = entries.get(key);
  entries.set(key, {
    funded: (entry?.funded ?? 0) + 1,
    firstFundedAt: entry?.firstFundedAt && entry.firstFundedAt < at ? entry.firstFundedAt : at,
  });
}

/** Counts before any funding is read. */
const emptyCounts = (): AlmanacCounts => ({
  commodities: new Map(),
  provinces: new Map(),
  unplacedCommodity: 0,
  unplacedProvinces: new Map(),
  badges: new Map(),
});

/** The almanac of a player's fundings: each invoice counts once, at its first funding. */
export function almanacOf(fundings: readonly AlmanacFunding[]): Almanac {
  const invoices = new Map<string, AlmanacFunding>();
  for (const funding of fundings) {
    const seen = invoices.get(funding.tokenId);
    if (!seen || funding.fundedAt < seen.fundedAt) invoices.set(funding.tokenId, funding);
  }
  const counts = emptyCounts();
  const collected = new Set<string>();
  for (const invoice of invoices.values()) {
    const at = invoice.fundedAt.toISOString();
    const commodity = commodityOf(invoice.description);
    if (commodity === "generic") counts.unplacedCommodity++;
    else {
      note(counts.commodities, commodity, at);
      collected.add(token.commodity(commodity));
    }
    const province = provinceOf(invoice.province);
    if (province === null) {
      const name = provinceKey(invoice.province);
      counts.unplacedProvinces.set(name, (counts.unplacedProvinces.get(name) ?? 0) + 1);
    } else {
      note(counts.provinces, province, at);
      collected.add(token.province(province)).add(token.island(islandOf(province)));
    }
  }
  for (const badge of almanacBadges(collected)) counts.badges.set(badge.id, badge.progress);
  return assembleAlmanac(counts);
}

// The SQL form: one statement over a relation of fundings, answering rows (kind, id, funded, first_at, progress)
// that almanacFromRows turns into the same Almanac.

/** commodityOf in SQL over the text expression `text`: the commodity named first, null for the generic plant. */
export function commodityOfSql<S>(q: SqlTag<S>, text: S): S {
  const words = COMMODITIES.flatMap((commodity, c) =>
    COMMODITY_WORDS[commodity].map((word, w) => `('${commodity}', '(^|[^a-z])${word}', ${c}, ${w})`),
  );
  const table = q.raw(`(values ${words.join(", ")}) as w(commodity, pattern, c, n)`);
  return q`(select w.commodity from ${table}
    where lower(${text}) ~ w.pattern
    order by regexp_instr(lower(${text}), w.pattern), w.c, w.n limit 1)`;
}

const sqlList = (items: readonly string[]) => `array[${items.map((item) => `'${item}'`).join(", ")}]::text[]`;

/**
 * The almanac in one statement. `fundings` is a SELECT of (token_id text, description text, province text,
 * funded_at timestamptz), one row per funding. Rows: kind commodity / province (id, funded, first_at),
 * unplaced-commodity (funded), unplaced-province (id = the name's key, funded), badge (id, progress).
 */
export function almanacSql<S>(q: SqlTag<S>, fundings: S): S {
  const badges = q.raw(
    `(values ${ALMANAC_BADGES.map((b) => `('${b.id}', ${b.target}, ${sqlList(b.members)})`).join(", ")})
      as b(id, target, members)`,
  );
  return q`with f as (${fundings}),
    invoice as (select token_id, min(funded_at) as first_at, min(description) as description,
        min(province) as province
      from f group by token_id),
    classified as (select first_at, ${commodityOfSql(q, q`invoice.description`)} as commodity,
        coalesce(${provinceKeySql(q, q`invoice.province`)}, '') as name_key
      from invoice),
    placed as (select c.*, k.province, k.island from classified c left join ${provinceKeysSql(q)} on k.key = c.name_key),
    collected as (select 'commodity:' || commodity as t from placed where commodity is not null
      union select 'province:' || province from placed where province is not null
      union select 'island:' || island from placed where province is not null)
    select 'commodity' as kind, commodity as id, count(*)::int as funded, min(first_at) as first_at, 0 as progress
      from placed where commodity is not null group by commodity
    union all select 'province', province, count(*)::int, min(first_at), 0
      from placed where province is not null group by province
    union all select 'unplaced-commodity', '', count(*)::int, null, 0
      from placed where commodity is null having count(*) > 0
    union all select 'unplaced-province', name_key, count(*)::int, null, 0
      from placed where province is null group by name_key
    union all select 'badge', b.id, 0, null,
        least(b.target, (select count(*) from collected where t = any(b.members)))::int
      from ${badges}`;
}

export interface AlmanacRow {
  kind: string;
  id: string;
  funded: number;
  first_at: Date | string | null;
  progress: number;
}

/** The Almanac from almanacSql's rows. */
export function almanacFromRows(rows: readonly AlmanacRow[]): Almanac {
  const counts = emptyCounts();
  for (const row of rows) {
    const entry = {
      funded: row.funded,
      firstFundedAt: row.first_at === null ? null : new Date(row.first_at).toISOString(),
    };
    if (row.kind === "commodity") counts.commodities.set(row.id, entry);
    else if (row.kind === "province") counts.provinces.set(row.id, entry);
    else if (row.kind === "unplaced-commodity") counts.unplacedCommodity = row.funded;
    else if (row.kind === "unplaced-province") counts.unplacedProvinces.set(row.id, row.funded);
    else if (row.kind === "badge") counts.badges.set(row.id, row.progress);
  }
  return assembleAlmanac(counts);
}
