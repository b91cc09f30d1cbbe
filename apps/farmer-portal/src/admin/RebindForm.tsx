import { FormField, useT } from "@farm/ui";
import { useState } from "react";
import "../i18n/admin-investors";

const addressShape = /^0x[0-9a-fA-F]{40}$/;

/** The new wallet of an investor who lost theirs: the old credential is revoked and the new one written in one step. */
export function RebindForm({
  id,
  busy,
  onSubmit,
  onCancel,
}: {
  id: string;
  busy: boolean;
  onSubmit: (wallet: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [wallet, setWallet] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const valid = addressShape.test(wallet.trim());
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (valid) onSubmit(wallet.trim());
      }}
    >
      <p>{t("adminInvestors.rebindExplain")}</p>
      <FormField
        id={`rebind-${id}`}
        label={t("adminInvestors.newWallet")}
        error={submitted && !valid ? t("adminInvestors.walletInvalid") : undefined}
        required
      >
        {(control) => (
          <input
            {...control}
            value={wallet}
            autoComplete="off"
            onChange={(event) => setWallet(event.target.value)}
          />
        )}
      </FormField>
      <div className="admin-actions">
        <button type="submit" className="danger" disabled={busy}>
          {t("adminInvestors.confirmRebind")}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t("common.cancel")}
        </button>
      </div>
    </form>
  );
}
