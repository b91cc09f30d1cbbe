import { cropStateKey, isWaterable } from "@farm/core";
import { GoldAmount, Notice, useFormat, useT } from "@farm/ui";
import { TxProgress } from "@farm/ui/wallet";
import { useWater } from "../api/use-water";
import { ErrorNotice } from "../layout/ErrorNotice";
import { EvidenceBadges } from "../shop/EvidenceBadges";
import type { GardenCrop } from "./chain-crop";
import { harvestedPayout, refundedAmount } from "./chain-outcome";
import { cropName } from "./crop-name";
import { PlantSvg } from "./PlantSvg";
import { plantLabel } from "./stage-label";
import { type CropStep, useCropTransaction } from "./use-crop-transaction";

/** Everything true about one crop: its state (from @farm/core, as the API sent it), dates, amount and one action. */
export function CropDetail({ crop }: { crop: GardenCrop }) {
  const t = useT();
  const format = useFormat();
  const water = useWater();
  const state = crop.state;
  const key = cropStateKey(state);
  const action = useCropTransaction(state.action === "refund" ? refundedAmount : harvestedPayout);
  const tokenId = BigInt(crop.cropId);
  const date = (iso: string | null) => (iso ? format.date(iso) : t("garden.notYet"));
  const waterable = isWaterable(crop.stage) && state.group === "growing";
  const steps: CropStep[] =
    state.action === "refund"
      ? [
          ...(state.closeFirst
            ? [{ functionName: "cancelExpired", label: t("cropAction.closeStep") } as const]
            : []),
          {
            functionName: "refund",
            label: state.closeFirst ? t("cropAction.refundStep") : t("cropAction.refund"),
          },
        ]
      : [{ functionName: "harvest", label: t(`cropAction.${state.action ?? "harvest"}`) }];
  const actionLabel =
    state.action === "refund" && state.closeFirst
      ? t("cropAction.closeAndRefund")
      : t(`cropAction.${state.action}`);
  return (
    <section className="card detail" aria-labelledby="crop-detail-title" data-testid="crop-detail">
      <div className="detail__head">
        <PlantSvg
          stage={crop.stage}
          wateredToday={crop.wateredToday}
          label={plantLabel(t, key, crop.wateredToday)}
          size={120}
        />
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
        <div>
          <dt>{t("garden.invested")}</dt>
          <dd>
            <GoldAmount value={crop.invested} />
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
        {t("garden.waterNote")}
      </p>
      <div className="actions">
        {waterable ? (
          <button
            type="button"
            className="button button--water"
            disabled={water.isPending || crop.wateredToday}
            onClick={() => water.mutate(crop.cropId)}
            data-testid="water-button"
          >
            {crop.wateredToday ? t("garden.wateredToday") : t("garden.water")}
          </button>
        ) : null}
        {state.action && action.received === null && (
          <button
            type="button"
            className={state.action === "harvest" ? "button button--harvest" : "button"}
            disabled={action.busy}
            onClick={() => state.action && void action.send(tokenId, steps, state.action)}
            data-testid={state.action === "refund" ? "refund-button" : "harvest-button"}
            data-action={state.action}
          >
            {actionLabel}
          </button>
        )}
      </div>
      {water.data && (
        <Notice tone="success">
          <span data-testid="water-result">
            {t("garden.watered", { xp: water.data.xpGained, water: water.data.waterRemaining })}
            {water.data.leveledUp ? ` ${t("garden.levelUp", { level: water.data.level })}` : ""}
          </span>
        </Notice>
      )}
      {water.error && <ErrorNotice error={water.error} />}
      <TxProgress state={action.state} />
      {action.received !== null && action.done && (
        <Notice tone="success">
          <span
            data-testid={action.done === "refund" ? "refund-result" : "harvest-result"}
            data-base-units={action.received.toString()}
          >
            {t(`cropDone.${action.done}`)} <GoldAmount value={action.received} digits={4} />
          </span>
        </Notice>
      )}
    </section>
  );
}
