import { goldPermitTypedData } from "@farm/contracts/abi";
import { recoverTypedDataAddress, verifyMessage } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterEach, describe, expect, it } from "vitest";
import { connect, getConnection, signMessage, signTypedData } from "wagmi/actions";
import { devAccounts } from "./dev-accounts";
import { createFarmWagmiConfig } from "./wagmi-config";

const chainConfig = {
  chainId: 31337,
  rpcUrl: "http://127.0.0.1:1",
  contracts: null,
  devWallet: true,
  confirmations: 0,
  rupiahPerGold: 16_000n,
  rupiahRateSource: null,
  rupiahRateDate: null,
  market: null,
};

function devSetup() {
  const config = createFarmWagmiConfig(chainConfig, { defaultDevAccountIndex: 2 });
  const connector = config.connectors.find((candidate) => candidate.id === "farmDevWallet");
  if (!connector) throw new Error("dev wallet missing");
  return { config, connector };
}

describe("local dev wallet", () => {
  afterEach(() => localStorage.clear());

  it("is not offered when the backend says the chain is not a dev chain", () => {
    const config = createFarmWagmiConfig({ ...chainConfig, devWallet: false }, { defaultDevAccountIndex: 2 });
    expect(config.connectors.map((connector) => connector.id)).toEqual(["injected"]);
  });

  it("connects as the default dev account and signs a SIWE message verifiable for that address", async () => {
    const { config, connector } = devSetup();
    await connect(config, { connector });
    const farmer = privateKeyToAccount(devAccounts[2]!.privateKey).address;
    expect(getConnection(config).address).toBe(farmer);
    const message = createSiweMessage({
      address: farmer,
      chainId: 31337,
      domain: "localhost:5174",
      uri: "http://localhost:5174",
      nonce: "abcdefgh12345678",
      version: "1",
    });
    const signature = await signMessage(config, { message });
    expect(await verifyMessage({ address: farmer, message, signature })).toBe(true);
  });

  it("switches to the chosen account and remembers it", async () => {
    const { config, connector } = devSetup();
    await connect(config, { connector });
    (connector as unknown as { selectAccount(index: number): void }).selectAccount(0);
    const admin = privateKeyToAccount(devAccounts[0]!.privateKey).address;
    await expect.poll(() => getConnection(config).address).toBe(admin);
    expect(localStorage.getItem("farm.devWallet.account")).toBe("0");
  });

  it("signs EIP-712 permits whose integers travelled as JSON strings", async () => {
    const { config, connector } = devSetup();
    await connect(config, { connector });
    const typedData = goldPermitTypedData({
      domain: {
        name: "Gold",
        version: "1",
        chainId: 31337,
        verifyingContract: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      },
      owner: getConnection(config).address!,
      spender: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      value: 10n ** 21n,
      nonce: 0n,
      deadline: 2n ** 40n,
    });
    const signature = await signTypedData(config, typedData);
    expect(await recoverTypedDataAddress({ ...typedData, signature })).toBe(getConnection(config).address);
  });
});
