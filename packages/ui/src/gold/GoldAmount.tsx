import { formatGold } from "@farm/core";
import { toBigInt } from "../api/bigint";

/** A GOLD amount from base units (bigint or the API's decimal string); the title shows every decimal. */
export function GoldAmount({ value, digits = 2 }: { value: bigint | string; digits?: number }) {
  const amount = toBigInt(value);
  return (
    <span className="farm-gold" title={`${formatGold(amount, 18)} GOLD`}>
      {formatGold(amount, digits)} GOLD
    </span>
  );
}
