import { toBigInt } from "../api/bigint";
import { Rupiah, useRupiahRate } from "../disclosures/Rupiah";
import { useFormat } from "../format/use-format";

/**
 * A GOLD amount from base units (bigint or the API's decimal string) in the active language's format; the title shows
 * every decimal. Its Rupiah value follows at the deployment's rate (none without one); `rupiah={false}` for figures
 * that are not money a person decides on or holds (a leaderboard's score).
 */
export function GoldAmount({
  value,
  digits = 2,
  rupiah = true,
}: {
  value: bigint | string;
  digits?: number;
  rupiah?: boolean;
}) {
  const format = useFormat();
  const amount = toBigInt(value);
  const rate = useRupiahRate();
  return (
    <>
      <span className="farm-gold" title={`${format.gold(amount, 18)} GOLD`}>
        {format.gold(amount, digits)} GOLD
      </span>
      {rupiah && rate !== null ? (
        <>
          {" "}
          <Rupiah value={amount} />
        </>
      ) : null}
    </>
  );
}
