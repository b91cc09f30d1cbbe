import { deployFarm, farmNftAbi, goldTokenAbi } from "@farm/contracts";
import { anvilKeys, getFreePort, startAnvil } from "@farm/testkit";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { createPublicClient, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, WagmiProvider } from "wagmi";
import { connect } from "wagmi/actions";
import { createQueryClient } from "../api/query-client";
import { chainConfigQueryKey } from "../config/chain-config";
import { I18nProvider } from "../i18n/I18nProvider";
import { createFarmWagmiConfig } from "../wallet/wagmi-config";
import { useTransactor, waitForConfirmations } from "./use-transactor";

type Deployment = Awaited<ReturnType<typeof deployFarm>>;
let anvil: Awaited<ReturnType<typeof startAnvil>>;
let deployment: Deployment;

const dictionaries = { en: { "contractError.InvoiceNotPending": "Already decided." }, id: {} };

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort() });
  const transport = http(anvil.rpcUrl);
  const account = privateKeyToAccount(anvilKeys[0]);
  deployment = await deployFarm({
    publicClient: createPublicClient({ chain: foundry, transport }),
    walletClient: createWalletClient({ chain: foundry, transport, account }),
  });
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
});

/** The hook under a real wagmi config whose dev wallet is connected as anvil account `index`. */
async function transactorAs(index: number, confirmations = 0) {
  localStorage.setItem("farm.language", "en");
  localStorage.setItem("farm.devWallet.account", String(index));
  const chainConfig = {
    chainId: 31337,
    rpcUrl: anvil.rpcUrl,
    contracts: null,
    devWallet: true,
    confirmations,
    rupiahPerGold: 16_000n,
    rupiahRateSource: null,
    rupiahRateDate: null,
    market: null,
  };
  const config: Config = createFarmWagmiConfig(chainConfig, { defaultDevAccountIndex: index });
  const devWallet = config.connectors.find((connector) => connector.id === "farmDevWallet");
  if (!devWallet) throw new Error("no dev wallet");
  await connect(config, { connector: devWallet });
  const queryClient = createQueryClient();
  queryClient.setQueryData(chainConfigQueryKey, chainConfig);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider dictionaries={dictionaries}>{children}</I18nProvider>
      </QueryClientProvider>
    </WagmiProvider>
  );
  return renderHook(() => useTransactor(), { wrapper }).result;
}

describe("useTransactor on anvil", () => {
  it("sends through the dev wallet and ends confirmed with the transaction hash", async () => {
    const result = await transactorAs(0);
    let receipt: Awaited<ReturnType<typeof result.current.send>> = null;
    await act(async () => {
      receipt = await result.current.send(
        {
          address: deployment.goldToken,
          abi: goldTokenAbi,
          functionName: "approve",
          args: [deployment.farmNft, 1n],
        },
        { label: "Allow" },
      );
    });
    expect(receipt).not.toBeNull();
    expect(result.current.state).toMatchObject({ status: "confirmed", label: "Allow" });
    expect(result.current.state.status === "confirmed" && result.current.state.hash).toMatch(
      /^0x[0-9a-f]{64}$/,
    );
  });

  it("waits for the network's confirmations, counting them as blocks arrive, before it says confirmed", async () => {
    const result = await transactorAs(0, 2);
    const mining = setInterval(() => {
      void fetch(anvil.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_mine", params: [] }),
      });
    }, 300);
    let receipt: Awaited<ReturnType<typeof result.current.send>> = null;
    let headAtConfirmed = 0n;
    try {
      await act(async () => {
        receipt = await result.current.send(
          {
            address: deployment.goldToken,
            abi: goldTokenAbi,
            functionName: "approve",
            args: [deployment.farmNft, 2n],
          },
          {
            onConfirmed: async () => {
              headAtConfirmed = await createPublicClient({
                chain: foundry,
                transport: http(anvil.rpcUrl),
              }).getBlockNumber();
            },
          },
        );
      });
    } finally {
      clearInterval(mining);
    }
    expect(result.current.state.status).toBe("confirmed");
    const minedIn = (receipt as unknown as { blockNumber: bigint }).blockNumber;
    expect(headAtConfirmed - minedIn).toBeGreaterThanOrEqual(2n);
  });

  it("counts confirmations from the block that holds the transaction up to the depth asked", async () => {
    const client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl), pollingInterval: 50 });
    const minedIn = await client.getBlockNumber();
    const counts: number[] = [];
    const mining = setInterval(() => {
      void fetch(anvil.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_mine", params: [] }),
      });
    }, 150);
    try {
      await waitForConfirmations(client, minedIn, 3, (count) => counts.push(count));
    } finally {
      clearInterval(mining);
    }
    expect(counts.at(-1)).toBe(3);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    expect(counts[0]).toBeLessThan(3);
  });

  it("fails with the custom error decoded from the ABI, before the wallet sends anything", async () => {
    const result = await transactorAs(0);
    await act(async () => {
      await result.current.send({
        address: deployment.farmNft,
        abi: farmNftAbi,
        functionName: "approveInvoice",
        args: [999n],
      });
    });
    expect(result.current.state).toEqual({
      status: "failed",
      reason: "There is no such invoice.",
      hash: undefined,
      label: undefined,
    });
  });

  it("words a missing role with the shared dictionary", async () => {
    const result = await transactorAs(5);
    await act(async () => {
      await result.current.send({
        address: deployment.farmNft,
        abi: farmNftAbi,
        functionName: "markDefaulted",
        args: [1n],
      });
    });
    expect(result.current.state).toMatchObject({
      status: "failed",
      reason: "This wallet does not have the role needed for this action.",
    });
  });
});
