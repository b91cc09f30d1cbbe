import type { SqlTag } from "../sql-tag";

/** Indonesia's island groups, west to east: how the almanac groups the provinces. */
export const ISLAND_GROUPS = [
  "sumatra",
  "java",
  "bali-nusa-tenggara",
  "kalimantan",
  "sulawesi",
  "maluku",
  "papua",
] as const;
export type IslandGroup = (typeof ISLAND_GROUPS)[number];

export interface ProvinceDefinition {
  id: string;
  island: IslandGroup;
  /** The official (Indonesian) name. */
  name: string;
  /** The English name, when it differs. */
  english?: string;
  /** Other spellings and abbreviations a farmer types (Sumut, Jabar, Jogja...). */
  aliases?: readonly string[];
}

/** Indonesia's 38 provinces (2022 onwards), grouped by island group, west to east within each. */
export const PROVINCES = [
  {
    id: "aceh",
    island: "sumatra",
    name: "Aceh",
    aliases: ["Nanggroe Aceh Darussalam", "NAD", "Aceh Darussalam"],
  },
  {
    id: "sumatera-utara",
    island: "sumatra",
    name: "Sumatera Utara",
    english: "North Sumatra",
    aliases: ["Sumut", "Sumatra Utara"],
  },
  {
    id: "sumatera-barat",
    island: "sumatra",
    name: "Sumatera Barat",
    english: "West Sumatra",
    aliases: ["Sumbar", "Sumatra Barat"],
  },
  { id: "riau", island: "sumatra", name: "Riau" },
  {
    id: "kepulauan-riau",
    island: "sumatra",
    name: "Kepulauan Riau",
    english: "Riau Islands",
    aliases: ["Kepri", "Kep. Riau"],
  },
  { id: "jambi", island: "sumatra", name: "Jambi" },
  { id: "bengkulu", island: "sumatra", name: "Bengkulu" },
  {
    id: "sumatera-selatan",
    island: "sumatra",
    name: "Sumatera Selatan",
    english: "South Sumatra",
    aliases: ["Sumsel", "Sumatra Selatan"],
  },
  {
    id: "kepulauan-bangka-belitung",
    island: "sumatra",
    name: "Kepulauan Bangka Belitung",
    english: "Bangka Belitung Islands",
    aliases: ["Babel", "Bangka Belitung", "Kep. Bangka Belitung"],
  },
  { id: "lampung", island: "sumatra", name: "Lampung" },
  { id: "banten", island: "java", name: "Banten" },
  {
    id: "dki-jakarta",
    island: "java",
    name: "DKI Jakarta",
    english: "Jakarta",
    aliases: ["DKI", "DKJ", "Jakarta Raya"],
  },
  { id: "jawa-barat", island: "java", name: "Jawa Barat", english: "West Java", aliases: ["Jabar"] },
  { id: "jawa-tengah", island: "java", name: "Jawa Tengah", english: "Central Java", aliases: ["Jateng"] },
  {
    id: "di-yogyakarta",
    island: "java",
    name: "DI Yogyakarta",
    english: "Yogyakarta",
    aliases: ["DIY", "Jogja", "Jogjakarta", "Yogya"],
  },
  { id: "jawa-timur", island: "java", name: "Jawa Timur", english: "East Java", aliases: ["Jatim"] },
  { id: "bali", island: "bali-nusa-tenggara", name: "Bali" },
  {
    id: "nusa-tenggara-barat",
    island: "bali-nusa-tenggara",
    name: "Nusa Tenggara Barat",
    english: "West Nusa Tenggara",
    aliases: ["NTB"],
  },
  {
    id: "nusa-tenggara-timur",
    island: "bali-nusa-tenggara",
    name: "Nusa Tenggara Timur",
    english: "East Nusa Tenggara",
    aliases: ["NTT"],
  },
  {
    id: "kalimantan-barat",
    island: "kalimantan",
    name: "Kalimantan Barat",
    english: "West Kalimantan",
    aliases: ["Kalbar"],
  },
  {
    id: "kalimantan-tengah",
    island: "kalimantan",
    name: "Kalimantan Tengah",
    english: "Central Kalimantan",
    aliases: ["Kalteng"],
  },
  {
    id: "kalimantan-selatan",
    island: "kalimantan",
    name: "Kalimantan Selatan",
    english: "South Kalimantan",
    aliases: ["Kalsel"],
  },
  {
    id: "kalimantan-timur",
    island: "kalimantan",
    name: "Kalimantan Timur",
    english: "East Kalimantan",
    aliases: ["Kaltim"],
  },
  {
    id: "kalimantan-utara",
    island: "kalimantan",
    name: "Kalimantan Utara",
    english: "North Kalimantan",
    aliases: ["Kaltara"],
  },
  {
    id: "sulawesi-utara",
    island: "sulawesi",
    name: "Sulawesi Utara",
    english: "North Sulawesi",
    aliases: ["Sulut"],
  },
  { id: "gorontalo", island: "sulawesi", name: "Gorontalo" },
  {
    id: "sulawesi-tengah",
    island: "sulawesi",
    name: "Sulawesi Tengah",
    english: "Central Sulawesi",
    aliases: ["Sulteng"],
  },
  {
    id: "sulawesi-barat",
    island: "sulawesi",
    name: "Sulawesi Barat",
    english: "West Sulawesi",
    aliases: ["Sulbar"],
  },
  {
    id: "sulawesi-selatan",
    island: "sulawesi",
    name: "Sulawesi Selatan",
    english: "South Sulawesi",
    aliases: ["Sulsel"],
  },
  {
    id: "sulawesi-tenggara",
    island: "sulawesi",
    name: "Sulawesi Tenggara",
    english: "Southeast Sulawesi",
    aliases: ["Sultra"],
  },
  { id: "maluku", island: "maluku", name: "Maluku" },
  { id: "maluku-utara", island: "maluku", name: "Maluku Utara", english: "North Maluku", aliases: ["Malut"] },
  { id: "papua", island: "papua", name: "Papua" },
  { id: "papua-barat", island: "papua", name: "Papua Barat", english: "West Papua", aliases: ["Pabar"] },
  { id: "papua-barat-daya", island: "papua", name: "Papua Barat Daya", english: "Southwest Papua" },
  { id: "papua-tengah", island: "papua", name: "Papua Tengah", english: "Central Papua" },
  {
    id: "papua-pegunungan",
    island: "papua",
    name: "Papua Pegunungan",
    english: "Highland Papua",
    aliases: ["Papua Highlands"],
  },
  { id: "papua-selatan", island: "papua", name: "Papua Selatan", english: "South Papua" },
] as const satisfies readonly ProvinceDefinition[];
export type ProvinceId = (typeof PROVINCES)[number]["id"];
export const PROVINCE_IDS = PROVINCES.map((province) => province.id) as [ProvinceId, ...ProvinceId[]];

/** The provinces of one island group, in the list's order. */
export const provincesOf = (island: IslandGroup): ProvinceId[] =>
  PROVINCES.filter((province) => province.island === island).map((province) => province.id);

const ISLAND_OF = new Map<string, IslandGroup>(PROVINCES.map((province) => [province.id, province.island]));
/** The island group of a province. */
export const islandOf = (province: ProvinceId): IslandGroup => ISLAND_OF.get(province)!;

// Normalising the free text a farmer typed: ASCII letters and digits only (anything else is a space), lower case,
// leading administrative words ("Prov.", "Provinsi", "DKI", "DI", "Daerah Istimewa", "Special Region of"...) and a
// trailing "Province" dropped. Stripping before lowering keeps it ASCII, so JavaScript and PostgreSQL agree exactly.
// Each word ends with a space in the pattern and no word is another's prefix-plus-space, so a greedy and a POSIX
// longest match strip the same words.
const PREFIX_WORDS = [
  "prov",
  "provinsi",
  "propinsi",
  "province",
  "daerah",
  "khusus",
  "istimewa",
  "ibukota",
  "ibu",
  "kota",
  "dki",
  "di",
  "d",
  "k",
  "i",
  "special",
  "capital",
  "region",
  "of",
  "the",
];
const PREFIX_PATTERN = `^((${PREFIX_WORDS.join("|")}) )+`;
const SUFFIX_PATTERN = "( (province|provinsi|prov))+$";
const prefix = new RegExp(PREFIX_PATTERN);
const suffix = new RegExp(SUFFIX_PATTERN);

/** The comparable form of a province's free text ("" for none); unknown provinces are grouped by it. */
export function provinceKey(text: string | null | undefined): string {
  if (!text) return "";
  const words = text
    .replace(/[^A-Za-z0-9]+/g, " ")
    .toLowerCase()
    .trim();
  return words.replace(prefix, "").replace(suffix, "");
}

/** Every key that names a province: its names and aliases, normalised. */
export const PROVINCE_KEYS: ReadonlyMap<string, ProvinceId> = new Map(
  PROVINCES.flatMap((province: ProvinceDefinition) =>
    [province.name, province.english, ...(province.aliases ?? [])]
      .filter((name): name is string => name !== undefined)
      .map((name) => [provinceKey(name), province.id as ProvinceId] as const),
  ),
);

/** The province a farmer's free text names, or null when it names none of the 38 (kept aside, never guessed). */
export function provinceOf(text: string | null | undefined): ProvinceId | null {
  return PROVINCE_KEYS.get(provinceKey(text)) ?? null;
}

/** provinceKey in SQL over the text expression `text` (null stays null). */
export function provinceKeySql<S>(q: SqlTag<S>, text: S): S {
  return q`regexp_replace(regexp_replace(btrim(lower(regexp_replace(${text}, '[^A-Za-z0-9]+', ' ', 'g'))),
    ${PREFIX_PATTERN}::text, ''), ${SUFFIX_PATTERN}::text, '')`;
}

/** Every province key as the relation k(key, province, island), for a join on provinceKeySql. */
export function provinceKeysSql<S>(q: SqlTag<S>): S {
  const rows = [...PROVINCE_KEYS].map(
    ([key, province]) => `('${key}', '${province}', '${islandOf(province)}')`,
  );
  return q.raw(`(values ${rows.join(", ")}) as k(key, province, island)`);
}
