import { goldFaucetAbi } from "@farm/contracts/abi";
import { formatDateTime, useI18n, useT } from "@farm/ui";
import { TxProgress, useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useConnection, useReadContract } from "wagmi";
import { useRefreshChainReads } from "./use-refresh-chain-reads";

/** Testnet GOLD: claim when the faucet allows, otherwise say when the next claim opens (from the contract). */
export function FaucetClaim() {
  const t = useT();
  const { language } = useI18n();
  const { goldFaucet } = useFarmContracts();
  const { address } = useConnection();
  const refresh = useRefreshChainReads();
  const tx = useTransactor();
  const enabled = { enabled: address !== undefined };
  const canClaim = useReadContract({
    address: goldFaucet,
    abi: goldFaucetAbi,
    functionName: "canClaim",
    args: address ? [address] : undefined,
    query: enabled,
  });
  const wait = useReadContract({
    address: goldFaucet,
    abi: goldFaucetAbi,
    functionName: "timeUntilNextClaim",
    args: address ? [address] : undefined,
    query: enabled,
  });
  if (!address) return null;
  const claim = () =>
    tx.send(
      { address: goldFaucet, abi: goldFaucetAbi, functionName: "claim" },
      { label: t("faucet.claim"), onConfirmed: () => refresh().then(() => undefined) },
    );
  const nextClaimAt =
    wait.data !== undefined && wait.data > 0n ? new Date(Date.now() + Number(wait.data) * 1000) : null;
  return (
    <div className="faucet">
      <button
        type="button"
        className="button"
        onClick={claim}
        disabled={tx.busy || canClaim.data !== true}
        data-testid="faucet-claim"
      >
        {t("faucet.claim")}
      </button>
      {canClaim.data === false && nextClaimAt && (
        <p className="muted" data-testid="faucet-next">
          {t("faucet.next", {
            when: formatDateTime(nextClaimAt, language),
          })}
        </p>
      )}
      {canClaim.data === false && !nextClaimAt && <p className="muted">{t("faucet.exhausted")}</p>}
      <TxProgress state={tx.state} />
    </div>
  );
}
