import { shortAddress, useT } from "@farm/ui";
import { WalletPanel } from "@farm/ui/wallet";
import { useConnection } from "wagmi";
import { farmerDevAccountIndex } from "../chain/dev-account";

/**
 * The connected wallet in the header: its short address, and behind it (a <details> disclosure, keyboard and
 * screen-reader friendly) the wallet panel with sign-in, sign-out and disconnect. Nothing while disconnected: the
 * page itself offers the connection where one is needed.
 */
export function WalletMenu() {
  const t = useT();
  const { address } = useConnection();
  if (!address) return null;
  return (
    <details className="account-menu" data-testid="wallet-menu">
      <summary>
        <span className="farm-visually-hidden">{t("wallet.menu")} </span>
        <span data-testid="wallet-menu-address" title={address}>
          {shortAddress(address)}
        </span>
      </summary>
      <div className="account-menu__panel wallet-menu__panel">
        <WalletPanel defaultDevAccountIndex={farmerDevAccountIndex} hideWhenDisconnected />
      </div>
    </details>
  );
}
