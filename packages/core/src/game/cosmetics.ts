/** Where a cosmetic shows: around the garden, or on the player's avatar. */
export type CosmeticSlot = "fence" | "scarecrow" | "barn" | "hat" | "tool";

export interface Cosmetic {
  id: string;
  slot: CosmeticSlot;
  /** Level from which it is unlocked. Cosmetics are looks only: they never change money, XP or water. */
  level: number;
}

export const COSMETICS = [
  { id: "fence-wood", slot: "fence", level: 2 },
  { id: "straw-hat", slot: "hat", level: 3 },
  { id: "scarecrow", slot: "scarecrow", level: 4 },
  { id: "watering-can-gold", slot: "tool", level: 5 },
  { id: "barn-red", slot: "barn", level: 6 },
  { id: "fence-white", slot: "fence", level: 8 },
  { id: "farmer-cap", slot: "hat", level: 10 },
] as const satisfies readonly Cosmetic[];
export type CosmeticId = (typeof COSMETICS)[number]["id"];
export const COSMETIC_IDS = COSMETICS.map((cosmetic) => cosmetic.id) as [CosmeticId, ...CosmeticId[]];

type CosmeticEntry = (typeof COSMETICS)[number];

/** Cosmetics a level has unlocked, lowest level first. */
export function unlockedCosmetics(level: number): CosmeticEntry[] {
  return COSMETICS.filter((cosmetic) => cosmetic.level <= level);
}

/** The next cosmetic to unlock above the level, or null once all are. */
export function nextCosmetic(level: number): CosmeticEntry | null {
  return COSMETICS.find((cosmetic) => cosmetic.level > level) ?? null;
}
