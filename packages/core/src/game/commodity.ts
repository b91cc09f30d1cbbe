/** Commodities the garden draws; anything else is drawn as the generic plant. */
export const COMMODITIES = [
  "rice",
  "coffee",
  "cocoa",
  "chili",
  "mango",
  "potato",
  "corn",
  "shallot",
] as const;
export type Commodity = (typeof COMMODITIES)[number];
export type CommodityArt = Commodity | "generic";

/** Words (English and Indonesian) that name each commodity in an invoice description or a farm's crop list. */
const WORDS: Record<Commodity, readonly string[]> = {
  rice: ["rice", "beras", "padi", "gabah"],
  coffee: ["coffee", "kopi"],
  cocoa: ["cocoa", "cacao", "kakao", "coklat", "cokelat"],
  chili: ["chili", "chilli", "cabai", "cabe", "lombok"],
  mango: ["mango", "mangga"],
  potato: ["potato", "kentang"],
  corn: ["corn", "maize", "jagung"],
  shallot: ["shallot", "bawang merah", "bawang"],
};

/** The commodity a text names first (by position in the text), or "generic". */
export function commodityOf(text: string | null | undefined): CommodityArt {
  if (!text) return "generic";
  const lower = text.toLowerCase();
  let best: { commodity: Commodity; index: number } | null = null;
  for (const commodity of COMMODITIES)
    for (const word of WORDS[commodity]) {
      const match = new RegExp(`(^|[^a-z])${word}`).exec(lower);
      if (match && (best === null || match.index < best.index)) best = { commodity, index: match.index };
    }
  return best?.commodity ?? "generic";
}

/** The words of each commodity, for commodityOfSql (the almanac's SQL form). */
export const COMMODITY_WORDS: Readonly<Record<Commodity, readonly string[]>> = WORDS;
