import { parseGold } from "@farm/core";

/** Reads what a person typed as GOLD: commas as thousands separators are allowed; null when not an amount. */
export function readGoldInput(text: string): bigint | null {
  const cleaned = text.trim().replace(/,/g, "");
  if (cleaned === "") return null;
  try {
    return parseGold(cleaned);
  } catch {
    return null;
  }
}
