import {
  type Address,
  type Chain,
  createWalletClient,
  type EIP1193RequestFn,
  type Hex,
  hexToBigInt,
  http,
  numberToHex,
  SwitchChainError,
} from "viem";
import { createConnector } from "wagmi";
import { readDevAccountIndex, writeDevAccountIndex } from "./dev-account-choice";
import { devAccounts } from "./dev-accounts";
import type { RpcTransport } from "./rpc-transport";
import { reviveTypedData } from "./typed-data";

const connectedKey = "farm.devWallet.connected";

type SentTransaction = { to?: Address; data?: Hex; value?: Hex; gas?: Hex };
type DevWalletProvider = { request: EIP1193RequestFn };
type DevWalletProperties = {
  /** Switches the dev wallet to another anvil account; wagmi sees an account change. */
  selectAccount(index: number): void;
  accountIndex(): number;
};

devWallet.type = "devWallet" as const;

/**
 * A wallet for the local dev chain: signs in the page with one of the anvil test keys (viem local account) and
 * sends everything else to the chain's RPC. Offered only when the backend reports `devWallet: true`.
 */
export function devWallet({
  chain,
  defaultAccountIndex,
  transport = http,
}: {
  chain: Chain;
  defaultAccountIndex: number;
  transport?: RpcTransport;
}) {
  let index = readDevAccountIndex(defaultAccountIndex);
  const rpcUrl = chain.rpcUrls.default.http[0];
  if (!rpcUrl) throw new Error("the dev wallet needs the chain's RPC URL");
  const forward = transport(rpcUrl)({ chain, retryCount: 0 }).request as EIP1193RequestFn;
  const address = () => devAccounts[index]!.address;
  // The signing code (secp256k1) is loaded when the wallet first signs, not with the page.
  const signer = async () => {
    const { privateKeyToAccount } = await import("viem/accounts");
    return privateKeyToAccount(devAccounts[index]!.privateKey);
  };

  const request = (async ({ method, params }: { method: string; params?: unknown }) => {
    switch (method) {
      case "eth_accounts":
      case "eth_requestAccounts":
        return [address()];
      case "eth_chainId":
        return numberToHex(chain.id);
      case "personal_sign":
        return (await signer()).signMessage({ message: { raw: (params as [Hex])[0] } });
      case "eth_signTypedData_v4":
        return (await signer()).signTypedData(reviveTypedData((params as [Address, string])[1]));
      case "eth_sendTransaction": {
        const [tx] = params as [SentTransaction];
        const wallet = createWalletClient({ account: await signer(), chain, transport: transport(rpcUrl) });
        return wallet.sendTransaction({
          to: tx.to ?? null,
          data: tx.data,
          value: tx.value ? hexToBigInt(tx.value) : undefined,
          gas: tx.gas ? hexToBigInt(tx.gas) : undefined,
        });
      }
      case "wallet_switchEthereumChain": {
        const [{ chainId }] = params as [{ chainId: Hex }];
        if (Number(chainId) !== chain.id) throw new SwitchChainError(new Error(`unknown chain ${chainId}`));
        return null;
      }
      default:
        return forward({ method, params } as never);
    }
  }) as EIP1193RequestFn;

  return createConnector<DevWalletProvider, DevWalletProperties>((config) => ({
    id: "farmDevWallet",
    name: "Local dev wallet",
    type: devWallet.type,
    async connect() {
      globalThis.localStorage?.setItem(connectedKey, "1");
      // wagmi types the answer by the caller's capability flag; this wallet has none, so plain addresses it is.
      return { accounts: [address()] as never, chainId: chain.id };
    },
    async disconnect() {
      globalThis.localStorage?.removeItem(connectedKey);
    },
    async getAccounts() {
      return [address()];
    },
    async getChainId() {
      return chain.id;
    },
    async getProvider() {
      return { request };
    },
    async isAuthorized() {
      return globalThis.localStorage?.getItem(connectedKey) === "1";
    },
    async switchChain({ chainId }) {
      if (chainId !== chain.id) throw new SwitchChainError(new Error(`unknown chain ${chainId}`));
      return chain;
    },
    onAccountsChanged(accounts) {
      config.emitter.emit("change", { accounts: accounts as Address[] });
    },
    onChainChanged(chainId) {
      config.emitter.emit("change", { chainId: Number(chainId) });
    },
    onDisconnect() {
      config.emitter.emit("disconnect");
    },
    selectAccount(next: number) {
      if (!devAccounts[next]) throw new RangeError(`no dev account ${next}`);
      index = next;
      writeDevAccountIndex(next);
      config.emitter.emit("change", { accounts: [address()] });
    },
    accountIndex() {
      return index;
    },
  }));
}
