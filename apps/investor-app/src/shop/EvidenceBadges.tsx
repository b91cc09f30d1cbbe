import type { InvoiceEvidenceBadges } from "@farm/core";
import { useI18n } from "@farm/ui";

/** "3 Dec 2026" / "3 Des 2026": day, short month and year in the page's language. */
export function badgeDate(value: string, language: string): string {
  return new Intl.DateTimeFormat(language === "en" ? "en-GB" : language, {
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date(value));
}

/**
 * What was checked before an invoice is funded, each badge saying exactly that with a one-line explanation: a document
 * is on file whose fingerprint is on chain, a delivery document is on file, the buyer confirmed through the link the
 * platform e-mailed (at which domain, when). Never the documents or anyone's personal data.
 */
export function EvidenceBadges({ evidence }: { evidence: InvoiceEvidenceBadges | null }) {
  const { t, language } = useI18n();
  if (!evidence) return null;
  const confirmedAt = evidence.buyerConfirmedAt;
  const date = confirmedAt ? badgeDate(confirmedAt, language) : null;
  const domain = evidence.buyerConfirmedEmailDomain;
  const badges = [
    {
      key: "invoiceVerified",
      on: evidence.invoiceVerified,
      text: t("evidence.invoiceVerified"),
      why: t("evidence.invoiceVerifiedWhy"),
    },
    {
      key: "deliveryProven",
      on: evidence.deliveryProven,
      text: t("evidence.deliveryProven"),
      why: t("evidence.deliveryProvenWhy"),
    },
    {
      key: "buyerConfirmed",
      on: date !== null,
      text:
        date === null
          ? t("evidence.buyerNotConfirmed")
          : domain
            ? t("evidence.buyerConfirmedByEmail", { domain, date })
            : t("evidence.buyerConfirmed", { date }),
      why:
        date === null
          ? null
          : t(
              evidence.buyerConfirmedFreeMail
                ? "evidence.buyerConfirmedFreeMailWhy"
                : "evidence.buyerConfirmedWhy",
            ),
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
            data-free-mail={badge.key === "buyerConfirmed" ? evidence.buyerConfirmedFreeMail : undefined}
          >
            <span data-testid={`badge-${badge.key}-text`}>
              {badge.on ? "✓ " : ""}
              {badge.text}
            </span>
            {badge.why ? <small className="evidence-badge__why">{badge.why}</small> : null}
          </li>
        ))}
    </ul>
  );
}
