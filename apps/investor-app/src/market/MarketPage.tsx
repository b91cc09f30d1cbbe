import { ApiError, Notice, useChainConfig, useI18n, useSession, WhenWallet, wordPack } from "@farm/ui";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { marketWords } from "../i18n/market";
import { ErrorNotice } from "../layout/ErrorNotice";
import { ListingCard } from "./ListingCard";
import { bookListings, bookPaused } from "./market-figures";
import { OfferList } from "./OfferList";
import { useMarketBook } from "./use-market-book";
import "./market.css";

// Cancelling sends a transaction: the list comes with the wallet code.
const MyOrders = lazy(() => import("./MyOrders"));

/**
 * The market stall at /market: other holders' listings as seed cards, cheapest first, a page at a time; a signed-in
 * investor buys from them and sees its own orders. Reading needs no wallet.
 */
export default function MarketPage() {
  wordPack(marketWords);
  const { t } = useI18n();
  const config = useChainConfig();
  const { session } = useSession();
  const book = useMarketBook();
  // Signed in: the buy panel and the orders come with the wallet code and check the wallet is this session's.
  const canBuy = session !== null;
  const off =
    config.data?.market === null || (book.error instanceof ApiError && book.error.code === "MARKET_OFF");
  const listings = book.data ? bookListings(book.data.pages) : [];
  const feeBps = config.data?.market?.feeBps ?? 0;
  const paused = bookPaused(book.data?.pages);
  return (
    <section aria-labelledby="market-title" className="stack market">
      <h1 id="market-title">{t("market.title")}</h1>
      <p className="muted">{t("market.intro")}</p>
      <p className="small">
        <Link to="/farm">{t("market.sellFromGarden")}</Link>
      </p>
      {off ? (
        <Notice tone="info">
          <span data-testid="market-off">{t("market.off")}</span>
        </Notice>
      ) : (
        <>
          {paused && (
            <Notice tone="error">
              <span data-testid="market-paused">{t("market.paused")}</span>
            </Notice>
          )}
          {book.error && <ErrorNotice error={book.error} />}
          {book.isPending && <p role="status">{t("common.loading")}</p>}
          {book.data && listings.length === 0 && (
            <Notice tone="info">
              <span data-testid="market-empty">{t("market.empty")}</span>
            </Notice>
          )}
          {listings.length > 0 && (
            <p role="status" className="muted small">
              {t("market.count", { count: listings.length })}
            </p>
          )}
          <div className="grid">
            {listings.map((entry) => (
              <ListingCard
                key={`${entry.signer}:${entry.nonce}`}
                entry={entry}
                canBuy={canBuy}
                paused={paused}
                viewer={session?.address ?? null}
                feeBps={feeBps}
              />
            ))}
          </div>
          {book.hasNextPage && (
            <button
              type="button"
              className="button button--quiet"
              onClick={() => void book.fetchNextPage()}
              disabled={book.isFetchingNextPage}
              data-testid="market-more"
            >
              {book.isFetchingNextPage ? t("common.loading") : t("market.more")}
            </button>
          )}
          <OfferList />
          {canBuy && (
            <WhenWallet>
              <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
                <MyOrders />
              </Suspense>
            </WhenWallet>
          )}
        </>
      )}
    </section>
  );
}
