import type { MarketOrderView } from "@farm/core";
import { useChainConfig, useFormat, useI18n } from "@farm/ui";
import { TxProgress, useTransactor } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ErrorNotice } from "../layout/ErrorNotice";
import { WalletMatchesSession } from "../layout/WalletMatchesSession";
import { marketCallAbi } from "./market-calls";
import { pricePercentText } from "./market-figures";
import { marketKeys, useMyOrders } from "./use-market-book";

/** Orders a wallet can still cancel: open ones, and those on hold now (they come back once it can fill them). */
const cancellableStatuses: ReadonlySet<MarketOrderView["status"]> = new Set([
  "open",
  "unfunded",
  "frozen",
  "unverified",
]);
const cancellable = (order: MarketOrderView) => cancellableStatuses.has(order.status);

/** One of the wallet's orders: its terms, its status in words and, while it may still fill, its cancel button. */
export function OrderLine({
  order,
  onCancel,
  busy,
  cancelling,
}: {
  order: MarketOrderView;
  onCancel: () => void;
  busy: boolean;
  cancelling: boolean;
}) {
  const { t, language } = useI18n();
  const format = useFormat();
  return (
    <li
      className="order-line"
      data-testid="my-order"
      data-nonce={order.nonce}
      data-token-id={order.tokenId}
      data-status={order.status}
    >
      <span className="order-line__what">
        {t(`market.side.${order.side}`, { tokenId: order.tokenId })}{" "}
        <Link to={`/seeds/${order.tokenId}`}>#{order.tokenId}</Link>
      </span>
      <span className="small">
        {t("market.orderTerms", {
          shares: format.gold(BigInt(order.shares), 4),
          filled: format.gold(BigInt(order.filledShares), 4),
          percent: pricePercentText(BigInt(order.price), language),
        })}
      </span>
      <span className="small">
        <span className={`order-status order-status--${order.status}`} data-testid="my-order-status">
          {order.side === "offer" && order.status === "unfunded"
            ? t("market.status.unfundedOffer")
            : t(`market.status.${order.status}`)}
        </span>{" "}
        · {t("market.expiresOn", { date: format.date(order.expiresAt) })}
      </span>
      {cancellable(order) && (
        <button
          type="button"
          className="button button--quiet"
          onClick={onCancel}
          disabled={busy}
          data-testid="my-order-cancel"
        >
          {cancelling ? t("market.cancelling") : t("market.cancel")}
        </button>
      )}
    </li>
  );
}

/**
 * The wallet's own orders, newest first, with their status; cancelling is FarmMarket's `cancel(nonce)` through the
 * transactor, and the list follows once the index has the cancellation.
 */
export default function MyOrders() {
  return (
    <WalletMatchesSession>
      <OrderList />
    </WalletMatchesSession>
  );
}

function OrderList() {
  const { t } = useI18n();
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const orders = useMyOrders(awaiting !== null);
  const market = useChainConfig().data?.market?.address;
  const tx = useTransactor();
  const queryClient = useQueryClient();
  const items = orders.data?.items ?? [];
  // Polled fast until the order just cancelled shows as cancelled.
  if (awaiting !== null && items.some((order) => order.nonce === awaiting && order.status !== "open"))
    setAwaiting(null);

  const cancel = async (order: MarketOrderView) => {
    if (!market) return;
    const receipt = await tx.send(
      { address: market, abi: marketCallAbi, functionName: "cancel", args: [BigInt(order.nonce)] },
      { label: t("market.stepCancel") },
    );
    if (!receipt) return;
    setAwaiting(order.nonce);
    await queryClient.invalidateQueries({ queryKey: marketKeys.all });
  };

  return (
    <section className="card stack" aria-labelledby="my-orders-title" id="my-orders" data-testid="my-orders">
      <h2 id="my-orders-title">{t("market.myOrders")}</h2>
      {orders.error && <ErrorNotice error={orders.error} />}
      {orders.isPending && <p role="status">{t("common.loading")}</p>}
      {orders.data && items.length === 0 && <p className="muted">{t("market.noOrders")}</p>}
      <ul className="order-list">
        {items.map((order) => (
          <OrderLine
            key={`${order.signer}:${order.nonce}`}
            order={order}
            busy={tx.busy || awaiting !== null}
            cancelling={awaiting === order.nonce}
            onCancel={() => void cancel(order)}
          />
        ))}
      </ul>
      <TxProgress state={tx.state} />
    </section>
  );
}
