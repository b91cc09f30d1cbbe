import { toBigInt } from "../api/bigint";
import { useFormat } from "../format/use-format";

/** A GOLD amount from base units (bigint or the API's decimal string) in the active language's format; the title
 *  shows every decimal. */
export function GoldAmount({ value, digits = 2 }: { value: bigint | string; digits?: number }) {
  const format = useFormat();
  const amount = toBigInt(value);
  return (
    <span className="farm-gold" title={`${format.gold(amount, 18)} GOLD`}>
      {format.gold(amount, digits)} GOLD
    </span>
  );
}
