import { farmNftAbi } from "@farm/contracts/abi";
import { goldInputText, type MarketBookEntry } from "@farm/core";
import {
  GoldAmount,
  GoldCheck,
  GoldInput,
  goldProblemText,
  Notice,
  useChainConfig,
  useFormat,
  useI18n,
  useRupiahRate,
  useTypedAmount,
  wordPack,
} from "@farm/ui";
import { TxProgress, useFarmContracts } from "@farm/ui/wallet";
import { type FormEvent, useId, useRef, useState } from "react";
import { useConnection, useReadContract } from "wagmi";
import { marketWords } from "../i18n/market";
import { PanelToggle } from "../layout/PanelToggle";
import {
  type AcceptProblem,
  bookListings,
  bookPaused,
  checkAccept,
  defaultAcceptShares,
} from "./market-figures";
import { OfferTerms } from "./OfferTerms";
import { useAcceptOffer } from "./use-accept-offer";
import { useMarketBook } from "./use-market-book";
import "./market.css";

/** Whether an offer is the wallet's own (FarmMarket refuses a self-trade). */
const ownOffer = (entry: MarketBookEntry, address: string | undefined) =>
  address !== undefined && address.toLowerCase() === entry.signer.toLowerCase();

/**
 * "Sell into this offer": shares (all the offer wants, or all that is held if less), what the buyer pays, the fee and
 * what the holder receives; then the market's approval once and `acceptOffer`.
 */
export function AcceptOfferForm({
  entry,
  held,
  feeBps,
}: {
  entry: MarketBookEntry;
  held: bigint;
  feeBps: number;
}) {
  wordPack(marketWords);
  const { t, language } = useI18n();
  const format = useFormat();
  const remaining = BigInt(entry.remaining);
  const price = BigInt(entry.price);
  // Kept with the language it was typed in: a language switch re-writes it, never changes its quantity.
  const [text, setText] = useTypedAmount((typedIn) =>
    goldInputText(defaultAcceptShares(held, remaining), typedIn),
  );
  const [touched, setTouched] = useState(false);
  const [checking, setChecking] = useState(false);
  const sending = useRef(false);
  const rupiahPerGold = useRupiahRate();
  const sale = useAcceptOffer();
  const id = useId();
  const check = checkAccept({ text, language, remaining, held, price, feeBps, rupiahPerGold });
  const problemText = (problem: AcceptProblem): string => {
    switch (problem.kind) {
      case "amount":
        return goldProblemText(t, problem.problem);
      case "zero":
        return goldProblemText(t, { kind: "zero" });
      case "moreThanWanted":
        return t("market.problem.moreThanWanted", { amount: format.gold(problem.remaining, 18) });
      case "moreThanHeld":
        return t("market.problem.moreThanHeld", { amount: format.gold(problem.held, 18) });
    }
  };
  const problem = check.ok
    ? null
    : check.problem
      ? problemText(check.problem)
      : touched
        ? goldProblemText(t, { kind: "empty" })
        : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check.ok && !sale.busy && !sending.current) setChecking(true);
  };
  // Nothing is approved or sent before the amounts are checked in the page's number format and in words (GoldCheck).
  const sell = () => {
    setChecking(false);
    if (!check.ok || sale.busy || sending.current) return;
    sending.current = true;
    void sale.accept(entry, check.amount, check.youReceive).finally(() => {
      sending.current = false;
    });
  };

  if (sale.sold)
    return (
      <Notice tone="success">
        <span data-testid="offer-sold" data-base-units={sale.sold.shares.toString()}>
          {t("market.soldIntoOffer", {
            shares: format.gold(sale.sold.shares, 4),
            received: format.gold(sale.sold.received, 4),
          })}
        </span>
      </Notice>
    );
  return (
    <form className="buy-panel" onSubmit={onSubmit} noValidate data-testid="accept-form">
      <div className={problem ? "farm-field farm-field--invalid" : "farm-field"}>
        <label htmlFor={`${id}-shares`}>{t("market.sharesToSell")}</label>
        <GoldInput
          id={`${id}-shares`}
          value={text}
          onChange={setText}
          onBlur={() => setTouched(true)}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-preview`}
          disabled={sale.busy}
        />
        <p className="muted small">{t("market.sharesHint", { amount: format.gold(held, 4) })}</p>
      </div>
      <div id={`${id}-preview`} aria-live="polite">
        {problem && (
          <p className="farm-field__error" role="alert" data-testid="accept-problem">
            {problem}
          </p>
        )}
        {check.ok && (
          <dl className="preview" data-testid="accept-preview">
            <div>
              <dt>{t("market.buyerPays")}</dt>
              <dd data-testid="accept-cost" data-base-units={check.cost.toString()}>
                <GoldAmount value={check.cost} digits={4} />
              </dd>
            </div>
            <div>
              <dt>{t("market.fee")}</dt>
              <dd data-testid="accept-fee" data-base-units={check.fee.toString()}>
                <GoldAmount value={check.fee} digits={4} />
              </dd>
            </div>
            <div>
              <dt>{t("market.youReceive")}</dt>
              <dd data-testid="accept-receive" data-base-units={check.youReceive.toString()}>
                <GoldAmount value={check.youReceive} digits={4} />
              </dd>
            </div>
          </dl>
        )}
      </div>
      {checking && check.ok ? (
        <GoldCheck amount={check.youReceive} onConfirm={sell} onCancel={() => setChecking(false)}>
          <p>{t("market.checkAccept", { shares: format.gold(check.amount, 4) })}</p>
        </GoldCheck>
      ) : null}
      <button type="submit" className="button" disabled={sale.busy} data-testid="accept-submit">
        {t("market.sellIntoOffer")}
      </button>
      {sale.error && <Notice tone="error">{sale.error}</Notice>}
      <TxProgress state={sale.txState} />
    </form>
  );
}

/** "Sell into this offer": opens the accept form below it (mounted only while open; the wallet is already here). */
function SellIntoOffer({ entry, held, feeBps }: { entry: MarketBookEntry; held: bigint; feeBps: number }) {
  const { t } = useI18n();
  return (
    <PanelToggle label={t("market.sellIntoOffer")} testId="accept-toggle" quiet wallet={false}>
      <AcceptOfferForm entry={entry} held={held} feeBps={feeBps} />
    </PanelToggle>
  );
}

/** One offer as a holder weighs it: price (% of face, GOLD and Rupiah), shares wanted, expiry; then the form. */
function HolderOfferLine({ entry, held, feeBps }: { entry: MarketBookEntry; held: bigint; feeBps: number }) {
  return (
    <li className="order-line" data-testid="holder-offer" data-nonce={entry.nonce}>
      <OfferTerms entry={entry} />
      <SellIntoOffer entry={entry} held={held} feeBps={feeBps} />
    </li>
  );
}

/**
 * The offers for one invoice a holder may sell into, dearest first (the book's order), beside its plant; nothing
 * when there are none. The wallet's own offers are left out.
 */
export function HolderOffers({ tokenId, held }: { tokenId: string; held: bigint }) {
  wordPack(marketWords);
  const { t } = useI18n();
  const { address } = useConnection();
  const feeBps = useChainConfig().data?.market?.feeBps ?? 0;
  const book = useMarketBook("offer", tokenId);
  const offers = (book.data ? bookListings(book.data.pages) : []).filter(
    (entry) => entry.tokenId === tokenId && !ownOffer(entry, address),
  );
  if (offers.length === 0 || held === 0n) return null;
  if (bookPaused(book.data?.pages))
    return (
      <p className="muted small" data-testid="holder-offers-paused">
        {t("market.paused")}
      </p>
    );
  return (
    <section className="stack" data-testid="holder-offers" aria-label={t("market.offersForPlant")}>
      <h3>{t("market.offersForPlant")}</h3>
      <ul className="order-list">
        {offers.map((entry) => (
          <HolderOfferLine key={`${entry.signer}:${entry.nonce}`} entry={entry} held={held} feeBps={feeBps} />
        ))}
      </ul>
      {book.hasNextPage && (
        <button
          type="button"
          className="button button--quiet"
          onClick={() => void book.fetchNextPage()}
          disabled={book.isFetchingNextPage}
        >
          {t("market.moreOffers")}
        </button>
      )}
    </section>
  );
}

/**
 * At the stall's offers list: "Sell into this offer" when the connected wallet holds shares of the offer's invoice
 * (FarmNFT's balance read on chain) and the offer is not its own.
 */
export default function StallOfferAccept({ entry }: { entry: MarketBookEntry }) {
  wordPack(marketWords);
  const { address } = useConnection();
  const { farmNft } = useFarmContracts();
  const feeBps = useChainConfig().data?.market?.feeBps ?? 0;
  const balance = useReadContract({
    address: farmNft,
    abi: farmNftAbi,
    functionName: "balanceOf",
    args: address ? [address, BigInt(entry.tokenId)] : undefined,
    query: { enabled: address !== undefined },
  });
  const held = balance.data ?? 0n;
  if (held === 0n || ownOffer(entry, address)) return null;
  return <SellIntoOffer entry={entry} held={held} feeBps={feeBps} />;
}
