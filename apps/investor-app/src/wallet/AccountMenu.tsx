import { useT } from "@farm/ui";
import { WalletPanel } from "@farm/ui/wallet";
import { useConnection } from "wagmi";
import { FaucetClaim } from "./FaucetClaim";
import { GoldBalance } from "./GoldBalance";
import { investorDevAccountIndex } from "./investor-dev-account";

/**
 * Wallet, sign-in, balance and faucet behind one disclosure so the phone header stays one line; <details> gives
 * keyboard and screen-reader behaviour for free.
 */
export function AccountMenu() {
  const t = useT();
  const { isConnected } = useConnection();
  return (
    <details className="account-menu" data-testid="account-menu">
      <summary>
        {isConnected ? <GoldBalance /> : <span>{t("wallet.connect")}</span>}
        <span className="visually-hidden"> {t("wallet.menu")}</span>
      </summary>
      <div className="account-menu__panel">
        <WalletPanel defaultDevAccountIndex={investorDevAccountIndex} />
        <FaucetClaim />
      </div>
    </details>
  );
}
