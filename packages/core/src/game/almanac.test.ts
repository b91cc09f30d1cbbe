import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALMANAC_BADGES, type AlmanacFunding, almanacBadges, almanacOf, assembleAlmanac } from "./almanac";
import { COMMODITIES } from "./commodity";
import { ISLAND_GROUPS, PROVINCES, provincesOf } from "./provinces";

const at = (day: number) => new Date(Date.UTC(2026, 0, 1 + day));
let nextToken = 1;
const funding = (description: string | null, province: string | null, day = 0): AlmanacFunding => ({
  tokenId: String(nextToken++),
  description,
  province,
  fundedAt: at(day),
});
const badge = (fundings: AlmanacFunding[], id: string) =>
  almanacOf(fundings).badges.find((b) => b.id === id)!;

describe("almanacOf", () => {
  it("lists every commodity and province, funded or not, with the count and first date", () => {
    const rice = funding("Beras premium 5 ton", "Jawa Barat", 3);
    const almanac = almanacOf([
      rice,
      { ...rice, fundedAt: at(1) }, // the same invoice bought again on the market, earlier: counted once
      funding("Kopi arabika", "Prov. Jawa Barat", 2),
    ]);
    expect(almanac.commodities.map((c) => c.commodity)).toEqual([...COMMODITIES]);
    expect(almanac.commodities.find((c) => c.commodity === "rice")).toEqual({
      commodity: "rice",
      funded: 1,
      firstFundedAt: at(1).toISOString(),
    });
    expect(almanac.commodities.find((c) => c.commodity === "mango")).toEqual({
      commodity: "mango",
      funded: 0,
      firstFundedAt: null,
    });
    const java = almanac.islands.find((i) => i.island === "java")!;
    expect(java.provinces.find((p) => p.province === "jawa-barat")).toEqual({
      province: "jawa-barat",
      funded: 2,
      firstFundedAt: at(1).toISOString(),
    });
    expect(almanac.islands.flatMap((i) => i.provinces)).toHaveLength(38);
  });

  it("keeps unknown commodities and provinces out of the sets but counted, grouped by their plain form", () => {
    const almanac = almanacOf([
      funding("Tembakau", "Kuala Lumpur"),
      funding("Beras", "kuala-lumpur"),
      funding("Beras", null),
    ]);
    expect(almanac.unplaced).toEqual({
      commodity: 1,
      provinces: [
        { name: "", funded: 1 },
        { name: "kuala lumpur", funded: 2 },
      ],
    });
    expect(almanac.islands.flatMap((i) => i.provinces).every((p) => p.funded === 0)).toBe(true);
    expect(badge([funding("Tembakau", "Kuala Lumpur")], "provinces-5").progress).toBe(0);
  });

  it("earns every commodity with the eighth one, not the seventh", () => {
    const words = ["rice", "coffee", "cocoa", "chili", "mango", "potato", "corn", "shallot"];
    const seven = words.slice(0, 7).map((word) => funding(word, "Bali"));
    expect(badge(seven, "every-commodity")).toMatchObject({ progress: 7, target: 8, earned: false });
    expect(badge([...seven, funding("bawang merah", "Bali")], "every-commodity")).toMatchObject({
      progress: 8,
      earned: true,
    });
  });

  it("earns an island group with its last province, and every island with one province in each", () => {
    const maluku = [funding("Kakao", "Maluku")];
    expect(badge(maluku, "island-maluku")).toMatchObject({ progress: 1, target: 2, earned: false });
    expect(badge([...maluku, funding("Kakao", "Malut")], "island-maluku").earned).toBe(true);
    const oneEach = ISLAND_GROUPS.map((island) => funding("Jagung", provincesOf(island)[0]!));
    expect(badge(oneEach.slice(1), "every-island")).toMatchObject({ progress: 6, earned: false });
    expect(badge(oneEach, "every-island")).toMatchObject({ progress: 7, target: 7, earned: true });
  });

  it("counts provinces toward 5, 10 and 20, capped at each target", () => {
    const twelve = PROVINCES.slice(0, 12).map((p) => funding("Padi", p.name));
    const badges = almanacOf(twelve).badges;
    expect(badges.filter((b) => b.id.startsWith("provinces-"))).toEqual([
      { id: "provinces-5", progress: 5, target: 5, earned: true },
      { id: "provinces-10", progress: 10, target: 10, earned: true },
      { id: "provinces-20", progress: 12, target: 20, earned: false },
    ]);
  });
});

// Properties: what a player funds only grows, so its badges only grow; a set is complete exactly when all is funded.
const description = fc.oneof(
  fc.constantFrom("Beras", "kopi", "Cokelat", "cabai rawit", "Mangga", "kentang", "jagung", "Bawang merah"),
  fc.constantFrom("Tembakau", "", "Sawit"),
);
const province = fc.oneof(
  fc.constantFrom(...PROVINCES.map((p) => p.name)),
  fc.constantFrom("Jabar", "DKI Jakarta", "Prov. Bali", "Atlantis", "Yogyakarta"),
);
const fundingArb = fc.record({
  tokenId: fc.integer({ min: 1, max: 60 }).map(String),
  description,
  province: fc.option(province),
  fundedAt: fc.integer({ min: 0, max: 400 }).map(at),
});
/** Fundings of the same invoice share its texts, as they would on chain. */
const consistent = (fundings: AlmanacFunding[]) => {
  const first = new Map<string, AlmanacFunding>();
  return fundings.map((f) => {
    const texts = first.get(f.tokenId) ?? f;
    first.set(f.tokenId, texts);
    return { ...f, description: texts.description, province: texts.province };
  });
};

describe("almanac badges, properties", () => {
  it("never lose progress or a badge as funding grows", () => {
    fc.assert(
      fc.property(
        fc.array(fundingArb, { maxLength: 40 }),
        fc.array(fundingArb, { maxLength: 40 }),
        (a, b) => {
          const all = consistent([...a, ...b]);
          const before = almanacOf(all.slice(0, a.length)).badges;
          const after = almanacOf(all).badges;
          before.forEach((badge, i) => {
            expect(after[i]!.progress).toBeGreaterThanOrEqual(badge.progress);
            if (badge.earned) expect(after[i]!.earned).toBe(true);
          });
        },
      ),
    );
  });

  it("complete a set exactly when every member is funded", () => {
    const members = [...new Set(ALMANAC_BADGES.flatMap((b) => b.members))];
    fc.assert(
      fc.property(fc.subarray(members), (collected) => {
        const have = new Set(collected);
        for (const badge of almanacBadges(have)) {
          const definition = ALMANAC_BADGES.find((b) => b.id === badge.id)!;
          if (definition.target === definition.members.length)
            expect(badge.earned).toBe(definition.members.every((m) => have.has(m)));
          expect(badge.earned).toBe(definition.members.filter((m) => have.has(m)).length >= badge.target);
        }
      }),
    );
  });

  it("agree with the almanac's own lists: every-commodity and the island sets follow the funded entries", () => {
    fc.assert(
      fc.property(fc.array(fundingArb, { maxLength: 60 }), (fundings) => {
        const almanac = almanacOf(consistent(fundings));
        const byId = new Map(almanac.badges.map((b) => [b.id, b]));
        expect(byId.get("every-commodity")!.earned).toBe(almanac.commodities.every((c) => c.funded > 0));
        for (const island of almanac.islands)
          expect(byId.get(`island-${island.island}`)!.earned).toBe(
            island.provinces.every((p) => p.funded > 0),
          );
        const islands = almanac.islands.filter((i) => i.provinces.some((p) => p.funded > 0)).length;
        expect(byId.get("every-island")!.progress).toBe(islands);
      }),
    );
  });

  it("assemble an empty almanac with nothing earned", () => {
    const empty = assembleAlmanac({
      commodities: new Map(),
      provinces: new Map(),
      unplacedCommodity: 0,
      unplacedProvinces: new Map(),
      badges: new Map(),
    });
    expect(empty).toEqual(almanacOf([]));
    expect(empty.badges.every((b) => !b.earned && b.progress === 0)).toBe(true);
  });
});
