import { Dialog, useT } from "@farm/ui";
import { prefersReducedMotion } from "./motion";

const CONFETTI = ["#f2b700", "#2f9e44", "#3b8fd9", "#d9485f", "#ffd95c", "#7fcf8a"];

/** A celebration card (harvest, level-up, achievement) with confetti that stays still for reduced motion. */
export function Celebration({
  title,
  message,
  onClose,
  testId,
}: {
  title: string;
  message?: string;
  onClose: () => void;
  testId: string;
}) {
  const t = useT();
  const still = prefersReducedMotion();
  return (
    <Dialog
      title={title}
      onClose={onClose}
      actions={
        <button
          type="button"
          className="ds-button ds-button--gold"
          onClick={onClose}
          data-testid={`${testId}-close`}
        >
          {t("celebrate.close")}
        </button>
      }
    >
      <div
        className={still ? "confetti confetti--still" : "confetti"}
        aria-hidden="true"
        data-testid={testId}
      >
        {Array.from({ length: 18 }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of decorative pieces
            key={i}
            style={{
              left: `${(i * 53) % 100}%`,
              background: CONFETTI[i % CONFETTI.length],
              animationDelay: `${(i % 6) * 70}ms`,
            }}
          />
        ))}
      </div>
      {message && <p>{message}</p>}
    </Dialog>
  );
}
