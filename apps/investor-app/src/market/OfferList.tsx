import type { MarketBookEntry } from "@farm/core";
import { useI18n, useSession, WhenWallet } from "@farm/ui";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { bookListings, bookPaused } from "./market-figures";
import { OfferTerms } from "./OfferTerms";
import { useMarketBook } from "./use-market-book";

// Selling into an offer reads the wallet's shares and sends: it comes with the wallet code.
const StallOfferAccept = lazy(() => import("./AcceptOfferPanel"));

function OfferLine({ entry, signedIn }: { entry: MarketBookEntry; signedIn: boolean }) {
  // signedIn is false while trading is paused: selling into an offer would be refused.
  const { t } = useI18n();
  return (
    <li
      className="order-line"
      data-testid="offer-line"
      data-token-id={entry.tokenId}
      data-nonce={entry.nonce}
    >
      <span className="order-line__what">
        {t("market.side.offer")} <Link to={`/seeds/${entry.tokenId}`}>#{entry.tokenId}</Link>
      </span>
      <OfferTerms entry={entry} />
      {signedIn && (
        <WhenWallet>
          <Suspense fallback={null}>
            <StallOfferAccept entry={entry} />
          </Suspense>
        </WhenWallet>
      )}
    </li>
  );
}

/**
 * Buyers' signed offers, dearest first; a signed-in wallet holding shares of an offer's invoice may sell into it
 * (FarmMarket's acceptOffer).
 */
export function OfferList() {
  const { t } = useI18n();
  const { session } = useSession();
  const book = useMarketBook("offer");
  const offers = book.data ? bookListings(book.data.pages) : [];
  const paused = bookPaused(book.data?.pages);
  if (offers.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="offers-title" data-testid="offers">
      <h2 id="offers-title">{t("market.offers")}</h2>
      <p className="muted small">{t("market.offersHowTo")}</p>
      <ul className="order-list">
        {offers.map((entry) => (
          <OfferLine
            key={`${entry.signer}:${entry.nonce}`}
            entry={entry}
            signedIn={session !== null && !paused}
          />
        ))}
      </ul>
      {book.hasNextPage && (
        <button
          type="button"
          className="button button--quiet"
          onClick={() => void book.fetchNextPage()}
          disabled={book.isFetchingNextPage}
        >
          {t("market.more")}
        </button>
      )}
    </section>
  );
}
