import { GoldAmount, Notice, useT } from "@farm/ui";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { PlantedPurchase } from "./use-buy-seed";

/** The result of a purchase, kept at the top of the shop and focused so keyboard and screen-reader users land on it. */
export function PlantedBanner({ purchase }: { purchase: PlantedPurchase }) {
  const t = useT();
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="card" data-testid="buy-done">
      <Notice tone="success">
        <p ref={heading} tabIndex={-1}>
          {t("shop.planted")} <GoldAmount value={purchase.amount} /> ·{" "}
          {t("shop.seedNumber", { id: purchase.tokenId.toString() })}
        </p>
      </Notice>
      {purchase.syncProblem && <Notice tone="info">{purchase.syncProblem}</Notice>}
      <Link className="button" to="/farm">
        {t("shop.toGarden")}
      </Link>
    </div>
  );
}
