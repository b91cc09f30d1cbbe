import { goldFaucetAbi } from "@farm/contracts/abi";
import { useConnection, useReadContract } from "wagmi";
import { useFormat } from "../format/use-format";
import { useT } from "../i18n/I18nProvider";
import { TxProgress } from "../tx/TxProgress";
import { useTransactor } from "../tx/use-transactor";
import { useFarmContracts } from "./WalletProvider";

/**
 * Test-network GOLD from the faucet contract: claims when it allows, otherwise says when (from the contract).
 * `onClaimed` lets the page re-read balances.
 */
export function FaucetButton({ onClaimed }: { onClaimed?: () => unknown }) {
  const t = useT();
  const format = useFormat();
  const { goldFaucet } = useFarmContracts();
  const { address } = useConnection();
  const tx = useTransactor();
  const query = { enabled: address !== undefined };
  const args = address ? ([address] as const) : undefined;
  const canClaim = useReadContract({
    address: goldFaucet,
    abi: goldFaucetAbi,
    functionName: "canClaim",
    args,
    query,
  });
  const wait = useReadContract({
    address: goldFaucet,
    abi: goldFaucetAbi,
    functionName: "timeUntilNextClaim",
    args,
    query,
  });
  const amount = useReadContract({ address: goldFaucet, abi: goldFaucetAbi, functionName: "claimAmount" });
  if (!address) return null;
  const claim = () =>
    tx.send(
      { address: goldFaucet, abi: goldFaucetAbi, functionName: "claim" },
      {
        label: t("faucet.claimTest"),
        onConfirmed: async () => {
          await Promise.all([canClaim.refetch(), wait.refetch()]);
          await onClaimed?.();
        },
      },
    );
  const nextClaimAt =
    wait.data !== undefined && wait.data > 0n ? new Date(Date.now() + Number(wait.data) * 1000) : null;
  return (
    <div className="farm-faucet">
      <button
        type="button"
        onClick={() => void claim()}
        disabled={tx.busy || canClaim.data !== true}
        data-testid="faucet-button"
      >
        {/* One text, so a flex button's gaps cannot split "(10,000 GOLD)" into "( 10,000 GOLD )". */}
        {amount.data !== undefined
          ? t("faucet.claimTestAmount", { amount: format.gold(amount.data, 0) })
          : t("faucet.claimTest")}
      </button>
      {canClaim.data === false && nextClaimAt ? (
        <p>{t("faucet.nextClaim", { when: format.dateTime(nextClaimAt) })}</p>
      ) : null}
      {canClaim.data === false && !nextClaimAt ? <p>{t("faucet.used")}</p> : null}
      <TxProgress state={tx.state} />
    </div>
  );
}
