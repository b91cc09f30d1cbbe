import { cropStateKey, holdingEarnsXp, isWaterable, type WaterResponse } from "@farm/core";
import { GoldAmount, Notice, useChainConfig, useFormat, useT, useToast } from "@farm/ui";
import { TxProgress } from "@farm/ui/wallet";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Celebration } from "../game/Celebration";
import { announcement, type GameNews } from "../game/game-news";
import { flyGold, prefersReducedMotion } from "../game/motion";
import { questLabel } from "../game/quest-label";
import { useGameState } from "../game/use-game-state";
import { ErrorNotice } from "../layout/ErrorNotice";
import { EvidenceBadges } from "../shop/EvidenceBadges";
import { CropPlant } from "./CropPlant";
import type { GardenCrop } from "./chain-crop";
import { harvestedPayout, refundedAmount } from "./chain-outcome";
import { cropName } from "./crop-name";
import { useCropTransaction } from "./use-crop-transaction";
import { useWater } from "./use-water";

// The sell form signs and posts a listing: its code and words come when a holder opens it.
const SellListingPanel = lazy(() =>
  import("../market/SellListingPanel").then((module) => ({ default: module.SellListingPanel })),
);

// Buyers' offers for this plant a holder may sell into: the market's code and words, loaded with the plant.
const HolderOffers = lazy(() =>
  import("../market/AcceptOfferPanel").then((module) => ({ default: module.HolderOffers })),
);

/** Invoice states whose shares trade on the market (FarmMarket: Funded, overdue included, and Defaulted). */
const tradableStates = new Set(["funded", "overdue", "defaulted"]);

/** Everything true about one crop: the invoice's chain state, maturity and payout, and what the player can do. */
export function CropDetail({ crop }: { crop: GardenCrop }) {
  const t = useT();
  const format = useFormat();
  const state = crop.state;
  const key = cropStateKey(state);
  const water = useWater();
  const harvest = useCropTransaction(harvestedPayout);
  const refund = useCropTransaction(refundedAmount);
  const toast = useToast();
  const gameState = useGameState();
  const [waterAnimation, setWaterAnimation] = useState<"idle" | "running" | "ended">("idle");
  const [celebration, setCelebration] = useState<{ title: string; message?: string; testId: string } | null>(
    null,
  );
  const harvestButton = useRef<HTMLButtonElement>(null);
  const [selling, setSelling] = useState(false);
  const marketOpen = Boolean(useChainConfig().data?.market);
  const harvestedShown = useRef(false);

  /** XP, quests, a level or achievements a watering or a harvest brought: toasts, and one celebration card. */
  const announce = (news: GameNews, streak?: string) => {
    if (news.xpGained > 0) toast(t("game.xpGained", { xp: news.xpGained }));
    if (streak) toast(streak);
    for (const quest of news.questsCompleted)
      toast(t("quests.done", { quest: questLabel(t, quest) }), "celebrate");
    const told = announcement(news);
    const card =
      told.card?.kind === "level"
        ? { title: t("celebrate.levelUp", { level: told.card.level }), testId: "level-up-celebration" }
        : told.card
          ? {
              title: t("achievements.unlocked", { name: t(`achievement.${told.card.id}`) }),
              testId: "achievement-celebration",
            }
          : null;
    // A card already open (the harvest's) stays: what this one says comes as a toast instead.
    if (card) setCelebration((open) => open ?? card);
    if (card && celebration) toast(card.title, "celebrate");
    for (const id of told.achievementToasts)
      toast(t("achievements.unlocked", { name: t(`achievement.${id}`) }), "celebrate");
  };

  const onWatered = (answer: WaterResponse) => {
    setWaterAnimation(prefersReducedMotion() ? "ended" : "running");
    const firstToday = gameState.data && !gameState.data.streak.wateredToday;
    announce(answer, firstToday ? t("streak.up", { days: answer.streak }) : undefined);
  };

  useEffect(() => {
    if (harvest.received === null || harvestedShown.current) return;
    harvestedShown.current = true;
    void flyGold(harvestButton.current ?? document.querySelector('[data-testid="harvest-result"]'));
    setCelebration({ title: t("celebrate.harvest"), testId: "harvest-celebration" });
  }, [harvest.received, t]);
  // The harvest's game news arrives once the index has it; told once.
  const newsShown = useRef<GameNews | null>(null);
  useEffect(() => {
    if (!harvest.news || newsShown.current === harvest.news) return;
    newsShown.current = harvest.news;
    announce(harvest.news);
  });
  const tokenId = BigInt(crop.cropId);
  const date = (iso: string | null) => (iso ? format.date(iso) : t("garden.notYet"));
  // One action per state (from @farm/core): watering only while the crop is in the ground, and only a crop of 10 GOLD
  // or more (dust earns no XP, so the server refuses it): a smaller one says why instead.
  const living = isWaterable(crop.stage) && state.group === "growing";
  const waterable = living && holdingEarnsXp(BigInt(crop.shares));
  const canWater = waterable && !crop.wateredToday;
  const harvests = state.action === "harvest" || state.action === "claimRecovery";
  const sellable = marketOpen && BigInt(crop.shares) > 0n && tradableStates.has(state.invoice);
  return (
    <section className="card detail" aria-labelledby="crop-detail-title" data-testid="crop-detail">
      <div className="detail__head">
        <div
          className={`water-stage water-stage--${waterAnimation}`}
          data-testid="water-animation"
          data-state={waterAnimation}
          onAnimationEnd={(event) => {
            if (event.animationName === "watering-can-pour") setWaterAnimation("ended");
          }}
        >
          {waterAnimation === "running" && (
            <svg className="watering-can" viewBox="0 0 40 30" width="44" height="33" aria-hidden="true">
              <path d="M6 10h18v14H6z" fill="#3b8fd9" />
              <path d="M24 15l12-8" stroke="#3b8fd9" strokeWidth="3" strokeLinecap="round" />
              <path d="M9 10q6-9 12 0" fill="none" stroke="#1d5f9a" strokeWidth="2" />
            </svg>
          )}
          <CropPlant crop={crop} size={120} />
        </div>
        <div>
          <h2 id="crop-detail-title">{cropName(t, crop)}</h2>
          <p>
            <span
              className={`stage-tag stage-tag--${crop.stage}`}
              data-testid="crop-stage"
              data-state={state.name}
            >
              {t(key)}
            </span>
          </p>
          <p className="muted small" data-testid="crop-state-explain">
            {t(`${key}.explain`)}
          </p>
          {state.daysToHarvest !== null && (
            <p className="muted small">{t("cropState.daysToHarvest", { count: state.daysToHarvest })}</p>
          )}
          {state.withersAt && (
            <p className="muted small">{t("cropState.withersOn", { date: date(state.withersAt) })}</p>
          )}
        </div>
      </div>
      <EvidenceBadges evidence={crop.invoice.evidence} />
      <dl className="facts">
        <div>
          <dt>{t("garden.invoiceState")}</dt>
          <dd data-testid="invoice-status" data-state={state.invoice}>
            {t(`invoiceState.${state.invoice}`)}
          </dd>
        </div>
        {BigInt(crop.invested) > 0n && (
          <div>
            <dt>{t("garden.invested")}</dt>
            <dd>
              <GoldAmount value={crop.invested} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t("garden.shares")}</dt>
          <dd data-testid="crop-shares" data-base-units={crop.shares}>
            <GoldAmount value={crop.shares} />
          </dd>
        </div>
        <div>
          <dt>{t("garden.termYield")}</dt>
          <dd>
            {format.percentBps(crop.invoice.yieldBps)} % · {t("shop.days", { days: crop.invoice.tenorDays })}
          </dd>
        </div>
        <div>
          <dt>{t("garden.fundedAt")}</dt>
          <dd>{date(crop.invoice.fundedAt)}</dd>
        </div>
        <div>
          <dt>{t("garden.maturity")}</dt>
          <dd>{date(crop.invoice.maturity)}</dd>
        </div>
        <div>
          <dt>{t(`cropAmount.${key.slice("cropState.".length)}`)}</dt>
          <dd data-testid="crop-payout" data-base-units={state.amount.total} data-kind={state.amountKind}>
            <GoldAmount value={state.amount.total} digits={4} />
            {BigInt(state.amount.yield) > 0n && (
              <>
                {" "}
                <span className="muted small">
                  (
                  {t("cropAmount.split", {
                    principal: `${format.gold(BigInt(state.amount.principal))} GOLD`,
                    yield: `${format.gold(BigInt(state.amount.yield), 4)} GOLD`,
                  })}
                  )
                </span>
              </>
            )}
          </dd>
        </div>
        {crop.invoice.buyerName && (
          <div>
            <dt>{t("garden.buyer")}</dt>
            <dd>{crop.invoice.buyerName}</dd>
          </div>
        )}
      </dl>
      <p className="note" data-testid="water-note">
        {t(living && !waterable ? "garden.tooSmallToWater" : "garden.waterNote")}
      </p>
      <div className="actions">
        {waterable && (
          <button
            type="button"
            className="button button--water"
            disabled={water.isPending || !canWater}
            onClick={() => water.mutate(crop.cropId, { onSuccess: onWatered })}
            data-testid="water-button"
          >
            {crop.wateredToday ? t("garden.wateredToday") : t("garden.water")}
          </button>
        )}
        {harvests && harvest.received === null && (
          <button
            ref={harvestButton}
            type="button"
            className="button button--harvest"
            disabled={harvest.busy}
            onClick={() =>
              state.action &&
              void harvest.send(
                tokenId,
                [{ functionName: "harvest", label: t(`cropAction.${state.action}`) }],
                state.action,
              )
            }
            data-testid="harvest-button"
            data-action={state.action}
          >
            {t(`cropAction.${state.action}`)}
          </button>
        )}
        {state.action === "refund" && refund.received === null && (
          <button
            type="button"
            className="button"
            disabled={refund.busy}
            onClick={() =>
              void refund.send(
                tokenId,
                [
                  ...(state.closeFirst
                    ? [{ functionName: "cancelExpired", label: t("cropAction.closeStep") } as const]
                    : []),
                  {
                    functionName: "refund",
                    label: state.closeFirst ? t("cropAction.refundStep") : t("cropAction.refund"),
                  },
                ],
                "refund",
              )
            }
            data-testid="refund-button"
            data-action="refund"
          >
            {state.closeFirst ? t("cropAction.closeAndRefund") : t("cropAction.refund")}
          </button>
        )}
        {sellable && (
          <button
            type="button"
            className="button button--quiet"
            aria-expanded={selling}
            aria-controls={`sell-${crop.cropId}`}
            onClick={() => setSelling(!selling)}
            data-testid="sell-toggle"
          >
            {selling ? t("common.close") : t("garden.sell")}
          </button>
        )}
      </div>
      {sellable && selling && (
        <div id={`sell-${crop.cropId}`}>
          <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
            <SellListingPanel crop={crop} />
          </Suspense>
        </div>
      )}
      {sellable && (
        <Suspense fallback={null}>
          <HolderOffers tokenId={crop.cropId} held={BigInt(crop.shares)} />
        </Suspense>
      )}
      {water.data && (
        <Notice tone="success">
          <span data-testid="water-result">
            {t("garden.watered", { xp: water.data.xpGained, water: water.data.waterRemaining })}
            {water.data.leveledUp ? ` ${t("garden.levelUp", { level: water.data.level })}` : ""}
          </span>
        </Notice>
      )}
      {water.error && <ErrorNotice error={water.error} />}
      <TxProgress state={harvest.state} />
      {harvest.received !== null && (
        <Notice tone="success">
          <span data-testid="harvest-result" data-base-units={harvest.received.toString()}>
            {t(`cropDone.${harvest.done ?? "harvest"}`)} <GoldAmount value={harvest.received} digits={4} />
          </span>
        </Notice>
      )}
      {celebration && (
        <Celebration
          title={celebration.title}
          message={celebration.message}
          testId={celebration.testId}
          onClose={() => setCelebration(null)}
        />
      )}
      <TxProgress state={refund.state} />
      {refund.received !== null && (
        <Notice tone="success">
          <span data-testid="refund-result" data-base-units={refund.received.toString()}>
            {t("cropDone.refund")} <GoldAmount value={refund.received} digits={4} />
          </span>
        </Notice>
      )}
    </section>
  );
}
