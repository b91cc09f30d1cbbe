import type { ReactNode } from "react";
import { Dialog } from "../design/Dialog";
import { goldInWords } from "../format/amount-words";
import { useFormat } from "../format/use-format";
import { useI18n } from "../i18n/I18nProvider";

/**
 * "Check before you send": the amount in the page's number format and in words, before a transaction or a submission
 * leaves the page, so "2.500" read as 2.5 is caught by the person who typed it. `children` add what else is sent.
 */
export function GoldCheck({
  amount,
  onConfirm,
  onCancel,
  children,
}: {
  amount: bigint;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { t, language } = useI18n();
  const format = useFormat();
  return (
    <Dialog
      title={t("gold.check.title")}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="secondary" onClick={onCancel} data-testid="gold-check-change">
            {t("gold.check.change")}
          </button>
          <button type="button" onClick={onConfirm} data-testid="gold-check-confirm">
            {t("gold.check.confirm")}
          </button>
        </>
      }
    >
      <dl className="gold-check" data-testid="gold-check">
        <div>
          <dt>{t("gold.check.amount")}</dt>
          <dd data-testid="gold-check-amount" data-base-units={amount.toString()}>
            {format.gold(amount, 18)} GOLD
          </dd>
        </div>
        <div>
          <dt>{t("gold.check.inWords")}</dt>
          <dd data-testid="gold-check-words">{goldInWords(amount, language)}</dd>
        </div>
      </dl>
      {children}
    </Dialog>
  );
}
