import { useI18n } from "@farm/ui";
import { MAX_LISTING_DAYS } from "./market-figures";

/**
 * An order form's price (a percent of face value) and expiry (1 to 30 days) fields, each with its problem in words
 * once shown. Test ids are `${testIdPrefix}-price-problem` and `${testIdPrefix}-expiry-problem`.
 */
export function OrderTermsFields({
  id,
  testIdPrefix,
  priceText,
  onPriceText,
  priceProblem,
  priceDescribedBy,
  expiryLabel,
  daysText,
  onDaysText,
  expiryProblem,
  disabled,
}: {
  /** The form's `useId()`: the fields are `${id}-price` and `${id}-days`. */
  id: string;
  testIdPrefix: string;
  priceText: string;
  onPriceText: (text: string) => void;
  /** The price's problem when shown, else null. */
  priceProblem: string | null;
  priceDescribedBy?: string;
  expiryLabel: string;
  daysText: string;
  onDaysText: (text: string) => void;
  /** The expiry's problem when shown, else null. */
  expiryProblem: string | null;
  disabled: boolean;
}) {
  const { t } = useI18n();
  return (
    <>
      <div className={priceProblem ? "farm-field farm-field--invalid" : "farm-field"}>
        <label htmlFor={`${id}-price`}>{t("market.priceLabel")}</label>
        <span className="farm-gold-input">
          <input
            id={`${id}-price`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={priceText}
            onChange={(event) => onPriceText(event.target.value)}
            aria-invalid={priceProblem !== null}
            aria-describedby={priceDescribedBy}
            disabled={disabled}
          />
          <span aria-hidden="true">%</span>
        </span>
        {priceProblem && (
          <p className="farm-field__error" role="alert" data-testid={`${testIdPrefix}-price-problem`}>
            {priceProblem}
          </p>
        )}
      </div>
      <div className={expiryProblem ? "farm-field farm-field--invalid" : "farm-field"}>
        <label htmlFor={`${id}-days`}>{expiryLabel}</label>
        <input
          id={`${id}-days`}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LISTING_DAYS}
          step={1}
          value={daysText}
          onChange={(event) => onDaysText(event.target.value)}
          aria-invalid={expiryProblem !== null}
          disabled={disabled}
        />
        {expiryProblem && (
          <p className="farm-field__error" role="alert" data-testid={`${testIdPrefix}-expiry-problem`}>
            {expiryProblem}
          </p>
        )}
      </div>
    </>
  );
}
