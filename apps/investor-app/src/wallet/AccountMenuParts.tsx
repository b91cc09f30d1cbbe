import { useT } from "@farm/ui";
import { WalletPanel } from "@farm/ui/wallet";
import { useConnection } from "wagmi";
import { FaucetClaim } from "./FaucetClaim";
import { GoldBalance } from "./GoldBalance";
import { investorDevAccountIndex } from "./investor-dev-account";

/** The menu's label once the wallet code is here: the GOLD balance when connected. */
export function AccountSummary() {
  const t = useT();
  const { isConnected } = useConnection();
  return isConnected ? <GoldBalance /> : <span>{t("wallet.connect")}</span>;
}

/** Wallet, sign-in and faucet. */
export function AccountPanel() {
  return (
    <>
      <WalletPanel defaultDevAccountIndex={investorDevAccountIndex} />
      <FaucetClaim />
    </>
  );
}
