import type { InvoiceEvidenceBadges } from "@farm/core";
import { formatDate, useI18n } from "@farm/ui";

/**
 * What was checked before an invoice is funded: the invoice document matches the fingerprint on chain, a delivery
 * proof is on file, the buyer confirmed (when). Never the documents or anyone's personal data.
 */
export function EvidenceBadges({ evidence }: { evidence: InvoiceEvidenceBadges | null }) {
  const { t, language } = useI18n();
  if (!evidence) return null;
  const confirmedOn = evidence.buyerConfirmedAt
    ? formatDate(new Date(evidence.buyerConfirmedAt), language)
    : null;
  const badges = [
    { key: "invoiceVerified", on: evidence.invoiceVerified, text: t("evidence.invoiceVerified") },
    { key: "deliveryProven", on: evidence.deliveryProven, text: t("evidence.deliveryProven") },
    {
      key: "buyerConfirmed",
      on: confirmedOn !== null,
      text: confirmedOn
        ? t("evidence.buyerConfirmed", { date: confirmedOn })
        : t("evidence.buyerNotConfirmed"),
    },
  ];
  return (
    <ul className="evidence-badges" aria-label={t("evidence.title")} data-testid="evidence-badges">
      {badges
        .filter((badge) => badge.on || badge.key === "buyerConfirmed")
        .map((badge) => (
          <li
            key={badge.key}
            className={`evidence-badge evidence-badge--${badge.on ? "on" : "off"}`}
            data-testid={`badge-${badge.key}`}
            data-on={badge.on}
          >
            {badge.on ? "✓ " : ""}
            {badge.text}
          </li>
        ))}
    </ul>
  );
}
