import { useT } from "../i18n/I18nProvider";
import { shortAddress } from "../layout/short-address";
import type { TxState } from "./tx-state";

/** Shows where a transaction is; `explorerUrl` turns the hash into a link on chains that have an explorer. */
export function TxProgress({ state, explorerUrl }: { state: TxState; explorerUrl?: string | undefined }) {
  const t = useT();
  if (state.status === "idle") return null;
  const hash = "hash" in state ? state.hash : undefined;
  const text =
    state.status === "wallet"
      ? t("tx.wallet")
      : state.status === "pending"
        ? t("tx.pending")
        : state.status === "confirming"
          ? t("tx.confirming", { n: state.confirmations, total: state.required })
          : state.status === "confirmed"
            ? t("tx.confirmed")
            : t("tx.failed", { reason: state.reason });
  return (
    <div
      className={`farm-tx farm-tx--${state.status}`}
      role={state.status === "failed" ? "alert" : "status"}
      data-testid="tx-progress"
      data-status={state.status}
    >
      {state.label ? <strong>{state.label}: </strong> : null}
      <span>{text}</span>
      {hash ? (
        <span className="farm-tx__hash">
          {" "}
          {t("tx.hash")}{" "}
          {explorerUrl ? (
            <a href={`${explorerUrl}/tx/${hash}`} target="_blank" rel="noreferrer" title={hash}>
              {shortAddress(hash)}
            </a>
          ) : (
            <code title={hash}>{shortAddress(hash)}</code>
          )}
        </span>
      ) : null}
    </div>
  );
}
