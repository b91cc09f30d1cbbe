import { Dialog, useT } from "@farm/ui";
import { useState } from "react";
import { markTourDone } from "./tour-storage";

const STEPS = ["gold", "buy", "water", "daily", "together", "harvest"] as const;

/**
 * Six cards for a new player: claim GOLD, buy a seed, water it, the daily loop (growth, quests, chores), what is theirs
 * to shape (the yard, the almanac, neighbours), what harvest pays. Skippable; never shown again.
 */
export default function FirstVisitTour({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [step, setStep] = useState(0);
  const finish = () => {
    markTourDone();
    onDone();
  };
  const current = STEPS[step]!;
  const last = step === STEPS.length - 1;
  return (
    <Dialog
      title={t(`tour.${current}.title`)}
      onClose={finish}
      actions={
        <>
          <button
            type="button"
            className="ds-button ds-button--secondary"
            onClick={finish}
            data-testid="tour-skip"
          >
            {t("tour.skip")}
          </button>
          {step > 0 && (
            <button
              type="button"
              className="ds-button ds-button--secondary"
              onClick={() => setStep(step - 1)}
            >
              {t("tour.back")}
            </button>
          )}
          <button
            type="button"
            className="ds-button"
            onClick={() => (last ? finish() : setStep(step + 1))}
            data-testid={last ? "tour-done" : "tour-next"}
          >
            {last ? t("tour.done") : t("tour.next")}
          </button>
        </>
      }
    >
      <div data-testid="tour" data-step={current}>
        <p className="muted small">{t("tour.step", { step: step + 1, total: STEPS.length })}</p>
        <p>{t(`tour.${current}.body`)}</p>
      </div>
    </Dialog>
  );
}
