import { GoldAmount, useT } from "@farm/ui";
import { useGoldBalance } from "./use-gold-balance";

/** The wallet's GOLD; the exact base units sit in a data attribute so tests can compare to the wei. */
export function GoldBalance() {
  const t = useT();
  const balance = useGoldBalance();
  if (balance.data === undefined) return null;
  return (
    <span className="balance" data-testid="gold-balance" data-base-units={balance.data.toString()}>
      <span className="visually-hidden">{t("wallet.balance")} </span>
      <GoldAmount value={balance.data} />
    </span>
  );
}
