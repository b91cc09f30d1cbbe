import type { ActivityItem } from "@farm/core";
import type { GoldEvent } from "./gold-series";

/** The history items that moved GOLD into or out of crops; refunds return principal (less invested), not harvests. */
export function activityGoldEvents(items: readonly ActivityItem[]): GoldEvent[] {
  return items.flatMap((item): GoldEvent[] => {
    if (item.amount === null) return [];
    if (item.kind !== "invested" && item.kind !== "refunded" && item.kind !== "harvested") return [];
    return [{ at: new Date(item.at), kind: item.kind, amount: BigInt(item.amount) }];
  });
}
