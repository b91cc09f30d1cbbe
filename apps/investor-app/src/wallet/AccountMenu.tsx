import { Notice, useT, useWalletLayer, WhenWallet } from "@farm/ui";
import { lazy, Suspense, useState } from "react";

// The wallet parts (wagmi, the balance, the faucet) come with the wallet code, not with the page.
const AccountSummary = lazy(() =>
  import("./AccountMenuParts").then((parts) => ({ default: parts.AccountSummary })),
);
const AccountPanel = lazy(() =>
  import("./AccountMenuParts").then((parts) => ({ default: parts.AccountPanel })),
);

/**
 * Wallet, sign-in, balance and faucet behind one disclosure so the phone header stays one line; <details> gives
 * keyboard and screen-reader behaviour for free. Opening it asks for the wallet code.
 */
export function AccountMenu() {
  const t = useT();
  const wallet = useWalletLayer();
  const [open, setOpen] = useState(false);
  const label = <span>{t("wallet.connect")}</span>;
  const loading = <p role="status">{t("common.loading")}</p>;
  return (
    <details
      className="account-menu"
      data-testid="account-menu"
      open={open}
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) wallet.request();
      }}
    >
      <summary>
        {wallet.status === "ready" ? (
          <WhenWallet fallback={label}>
            <Suspense fallback={label}>
              <AccountSummary />
            </Suspense>
          </WhenWallet>
        ) : (
          label
        )}
        <span className="visually-hidden"> {t("wallet.menu")}</span>
      </summary>
      <div className="account-menu__panel">
        {wallet.status === "ready" ? (
          <WhenWallet fallback={loading}>
            <Suspense fallback={loading}>
              <AccountPanel />
            </Suspense>
          </WhenWallet>
        ) : wallet.status === "error" ? (
          <Notice tone="error">{t("api.NETWORK_ERROR")}</Notice>
        ) : (
          loading
        )}
      </div>
    </details>
  );
}
