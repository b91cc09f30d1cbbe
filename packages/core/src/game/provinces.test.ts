import { describe, expect, it } from "vitest";
import {
  ISLAND_GROUPS,
  PROVINCE_IDS,
  PROVINCE_KEYS,
  PROVINCES,
  provinceKey,
  provinceOf,
  provincesOf,
} from "./provinces";

describe("the provinces", () => {
  it("are Indonesia's 38, each in one island group, with unique ids", () => {
    expect(PROVINCES).toHaveLength(38);
    expect(new Set(PROVINCE_IDS).size).toBe(38);
    expect(ISLAND_GROUPS.map((island) => provincesOf(island).length)).toEqual([10, 6, 3, 5, 6, 2, 6]);
  });

  it("name each province by its official and its English name", () => {
    for (const province of PROVINCES) {
      expect(provinceOf(province.name)).toBe(province.id);
      if ("english" in province) expect(provinceOf(province.english)).toBe(province.id);
    }
  });

  it("never let two provinces share a key", () => {
    const keys = PROVINCES.flatMap((province) =>
      [
        province.name,
        "english" in province ? province.english : undefined,
        ...("aliases" in province ? province.aliases : []),
      ]
        .filter((name) => name !== undefined)
        .map((name) => `${provinceKey(name)}>${province.id}`),
    );
    // Every (key, province) pair made it into the map: a key claimed twice would have lost one.
    for (const pair of keys) {
      const [key, id] = pair.split(">");
      expect([key, PROVINCE_KEYS.get(key!)]).toEqual([key, id]);
    }
  });
});

describe("provinceOf", () => {
  it.each([
    ["jawa barat", "jawa-barat"],
    ["JAWA BARAT", "jawa-barat"],
    ["Prov. Jawa Barat", "jawa-barat"],
    ["Provinsi Jawa Tengah", "jawa-tengah"],
    ["  Jawa   Timur ", "jawa-timur"],
    ["West Java Province", "jawa-barat"],
    ["Jabar", "jawa-barat"],
    ["DKI Jakarta", "dki-jakarta"],
    ["D.K.I. Jakarta", "dki-jakarta"],
    ["Daerah Khusus Ibukota Jakarta", "dki-jakarta"],
    ["Jakarta", "dki-jakarta"],
    ["DI Yogyakarta", "di-yogyakarta"],
    ["D.I. Yogyakarta", "di-yogyakarta"],
    ["Daerah Istimewa Yogyakarta", "di-yogyakarta"],
    ["Special Region of Yogyakarta", "di-yogyakarta"],
    ["Yogyakarta", "di-yogyakarta"],
    ["Jogja", "di-yogyakarta"],
    ["Kep. Riau", "kepulauan-riau"],
    ["Riau", "riau"],
    ["Kepulauan Bangka-Belitung", "kepulauan-bangka-belitung"],
    ["Sumatra Utara", "sumatera-utara"],
    ["NTT", "nusa-tenggara-timur"],
    ["Papua Barat Daya", "papua-barat-daya"],
    ["Nanggroe Aceh Darussalam", "aceh"],
  ])("reads %j as %s", (text, id) => {
    expect(provinceOf(text)).toBe(id);
  });

  it.each([null, undefined, "", "Prov.", "Jawa", "Atlantis", "Jawa Barat Daya", "Kuala Lumpur"])(
    "places %j nowhere rather than guessing",
    (text) => {
      expect(provinceOf(text)).toBeNull();
    },
  );

  it("keys unknown texts in one plain form, so the same place typed twice groups once", () => {
    expect(provinceKey("  Kuala-Lumpur!! ")).toBe("kuala lumpur");
    expect(provinceKey("Prov. Kuala Lumpur")).toBe("kuala lumpur");
    expect(provinceKey("Bàli")).toBe("b li");
    expect(provinceKey(null)).toBe("");
  });
});
