import { farmVaultAbi, goldTokenAbi } from "@farm/contracts/abi";
import { GoldAmount, useT } from "@farm/ui";
import { useFarmContracts } from "@farm/ui/wallet";
import { useReadContracts } from "wagmi";

/** Vault reserve (total, promised, free) and the faucet's GOLD, read straight from the chain. */
export function VaultFigures() {
  const t = useT();
  const contracts = useFarmContracts();
  const figures = useReadContracts({
    contracts: [
      {
        address: contracts.goldToken,
        abi: goldTokenAbi,
        functionName: "balanceOf",
        args: [contracts.farmVault],
      },
      { address: contracts.farmVault, abi: farmVaultAbi, functionName: "reserved" },
      { address: contracts.farmVault, abi: farmVaultAbi, functionName: "freeReserve" },
      {
        address: contracts.goldToken,
        abi: goldTokenAbi,
        functionName: "balanceOf",
        args: [contracts.goldFaucet],
      },
    ],
    allowFailure: false,
    query: { refetchInterval: 10_000 },
  });
  if (figures.error) return <p role="alert">{t("admin.vault.readFailed")}</p>;
  if (!figures.data) return <p role="status">{t("common.loading")}</p>;
  const [vaultBalance, reserved, free, faucet] = figures.data;
  const rows = [
    { key: "vaultBalance", value: vaultBalance },
    { key: "reserved", value: reserved },
    { key: "free", value: free },
    { key: "faucet", value: faucet },
  ];
  return (
    <section className="farm-card" aria-labelledby="vault-title">
      <h2 id="vault-title">{t("admin.vault.title")}</h2>
      <dl className="landing-stats" data-testid="vault-figures">
        {rows.map((row) => (
          <div key={row.key} className="landing-stats__figure">
            <dt>{t(`admin.vault.${row.key}`)}</dt>
            <dd>
              <GoldAmount value={row.value} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
