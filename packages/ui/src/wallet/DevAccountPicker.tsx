import { useT } from "../i18n/I18nProvider";
import { shortAddress } from "../layout/short-address";
import { devAccountAddress } from "./dev-account-address";
import { devAccounts } from "./dev-accounts";

/** A labelled choice of anvil account for the local dev wallet. */
export function DevAccountPicker({ value, onChange }: { value: number; onChange: (index: number) => void }) {
  const t = useT();
  return (
    <label className="farm-dev-account">
      <span>{t("wallet.devAccount")}</span>
      <select
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid="dev-account"
      >
        {devAccounts.map((account) => (
          <option key={account.index} value={account.index}>
            #{account.index} {t(`wallet.role.${account.role}`)}{" "}
            {shortAddress(devAccountAddress(account.index))}
          </option>
        ))}
      </select>
    </label>
  );
}
