import {
  type AlmanacFunding,
  type AlmanacRow,
  almanacFromRows,
  almanacOf,
  almanacSql,
  COMMODITY_WORDS,
  commodityOf,
  commodityOfSql,
  PROVINCES,
  provinceKey,
  provinceKeySql,
} from "@farm/core";
import { testDatabaseUrl } from "@farm/testkit";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseConnection } from "../src/adapters/db/connect";
import { type Executor, queryRows } from "../src/adapters/db/database";
import { diffParameters } from "./game-rules-state";
import { createTestDatabase } from "./helpers";
import { pgliteTemplate } from "./pglite-template";

// The almanac as one SQL statement against @farm/core's almanacOf, on PGlite and (when TEST_DATABASE_URL is set) on
// PostgreSQL: the commodity read from a description, the province from a farmer's free text, the first funding of
// each invoice, unknowns kept aside and every badge's progress.

const WORDS = Object.values(COMMODITY_WORDS).flat();
const PROVINCE_TEXTS = PROVINCES.flatMap(
  (p: { name: string; english?: string; aliases?: readonly string[] }) => [
    p.name,
    ...(p.english ? [p.english] : []),
    ...(p.aliases ?? []),
  ],
);

/** Free text built from the words the rules look for, their case changed, glued or split by punctuation and noise. */
const piece = fc.oneof(
  fc.constantFrom(
    ...WORDS,
    ...PROVINCE_TEXTS,
    "Prov.",
    "Provinsi",
    "DKI",
    "DI",
    "province",
    "Kep.",
    "padiku",
  ),
  fc.constantFrom(" ", "  ", ".", "-", ", ", "/", "(", ")", "é", "ü", "ß", "1", "x", "\n", "😀"),
  fc.string({ maxLength: 4 }),
);
const mixCase = (text: string, flips: number) =>
  [...text].map((ch, i) => ((flips >> (i % 16)) & 1 ? ch.toUpperCase() : ch.toLowerCase())).join("");
const freeText = fc
  .tuple(fc.array(piece, { maxLength: 5 }), fc.integer({ min: 0, max: 0xffff }))
  .map(([pieces, flips]) => mixCase(pieces.join(""), flips));
const nameText = fc.oneof(fc.constantFrom(...PROVINCE_TEXTS), freeText);

const fundingsArb = fc
  .array(
    fc.record({
      token: fc.integer({ min: 1, max: 25 }),
      description: fc.option(fc.oneof(fc.constantFrom(...WORDS), freeText), { freq: 8 }),
      province: fc.option(nameText, { freq: 8 }),
      at: fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
    }),
    { maxLength: 60 },
  )
  .map((rows) => {
    // One invoice's fundings share its texts, as the chain index joins them.
    const texts = new Map<number, { description: string | null; province: string | null }>();
    return rows.map((row): AlmanacFunding => {
      const own = texts.get(row.token) ?? { description: row.description, province: row.province };
      texts.set(row.token, own);
      return { tokenId: String(row.token), ...own, fundedAt: new Date(row.at) };
    });
  });

async function sqlAlmanac(db: Executor, fundings: readonly AlmanacFunding[]) {
  const json = JSON.stringify(
    fundings.map((f) => ({
      token_id: f.tokenId,
      description: f.description,
      province: f.province,
      funded_at: f.fundedAt.toISOString(),
    })),
  );
  const relation = sql`select * from json_to_recordset(${json}::json)
    as x(token_id text, description text, province text, funded_at timestamptz)`;
  return almanacFromRows(await queryRows<AlmanacRow>(db, almanacSql<SQL>(sql, relation)));
}

async function sqlTexts(db: Executor, texts: readonly string[]) {
  const rows = await queryRows<{ commodity: string | null; key: string | null }>(
    db,
    sql`select ${commodityOfSql(sql, sql`t.text`)} as commodity, ${provinceKeySql(sql, sql`t.text`)} as key
      from json_array_elements_text(${JSON.stringify(texts)}::json) with ordinality as t(text, n) order by t.n`,
  );
  return rows.map((row) => ({ commodity: row.commodity ?? "generic", key: row.key }));
}

const backends: { name: string; open(): Promise<{ db: Executor; close(): Promise<void> }> }[] = [
  {
    name: "PGlite",
    open: async () => {
      const connection: DatabaseConnection = await connectDatabase({
        databaseUrl: undefined,
        dataDir: "memory://",
        pgliteTemplate: await pgliteTemplate(),
      });
      return { db: connection.db, close: () => connection.close() };
    },
  },
  ...(testDatabaseUrl
    ? [
        {
          name: "PostgreSQL",
          open: async () => {
            const database = await createTestDatabase();
            const connection = await connectDatabase({ databaseUrl: database.url, dataDir: "memory://" });
            return {
              db: connection.db,
              close: async () => {
                await connection.close();
                await database.drop();
              },
            };
          },
        },
      ]
    : []),
];

describe.each(backends)("the almanac in SQL against @farm/core ($name)", ({ open }) => {
  let backend: Awaited<ReturnType<(typeof backends)[number]["open"]>>;
  beforeAll(async () => {
    backend = await open();
  });
  afterAll(() => backend.close());

  it("reads a description's commodity and a province's key as commodityOf and provinceKey do", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(freeText, { minLength: 1, maxLength: 30 }), async (texts) => {
        expect(await sqlTexts(backend.db, texts)).toEqual(
          texts.map((text) => ({ commodity: commodityOf(text), key: provinceKey(text) })),
        );
      }),
      diffParameters(60),
    );
  });

  it("answers the same almanac as almanacOf: lists, first dates, unknowns and badges", async () => {
    const seen = { earned: 0, unplaced: 0, placed: 0 };
    await fc.assert(
      fc.asyncProperty(fundingsArb, async (fundings) => {
        const expected = almanacOf(fundings);
        expect(await sqlAlmanac(backend.db, fundings)).toEqual(expected);
        seen.earned += expected.badges.filter((b) => b.earned).length;
        seen.unplaced += expected.unplaced.provinces.length;
        seen.placed += expected.islands.flatMap((i) => i.provinces).filter((p) => p.funded > 0).length;
      }),
      diffParameters(60),
    );
    // The cases reached what they test: badges earned, provinces placed and unknown ones kept.
    expect(seen.earned).toBeGreaterThan(0);
    expect(seen.unplaced).toBeGreaterThan(0);
    expect(seen.placed).toBeGreaterThan(0);
  });

  it("earns every badge when every commodity and province is funded", async () => {
    const fundings = PROVINCES.map((p, i) => ({
      tokenId: String(i + 1),
      description: WORDS[i % WORDS.length]!,
      province: p.name,
      fundedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    }));
    const almanac = await sqlAlmanac(backend.db, fundings);
    expect(almanac.badges.every((b) => b.earned)).toBe(true);
    expect(almanac).toEqual(almanacOf(fundings));
  });
});
