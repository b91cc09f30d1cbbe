import { describe, expect, it } from "vitest";
import { ChainConfigError, readChainConfig } from "./chain-config";

const good = {
  chainId: 31337,
  rpcUrl: "http://127.0.0.1:8545",
  contracts: {
    goldToken: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    goldFaucet: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
    farmNft: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
    farmVault: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
  },
  devWallet: true,
  rupiahPerGold: "16000",
  rupiahRateSource: "Bank Indonesia JISDOR",
  rupiahRateDate: "2026-11-02",
};

describe("readChainConfig", () => {
  it("accepts the backend's answer and defaults confirmations to 0", () => {
    expect(readChainConfig(good)).toEqual({
      ...good,
      confirmations: 0,
      rupiahPerGold: 16_000n,
      market: null,
    });
    expect(readChainConfig({ ...good, contracts: null, confirmations: 3 })).toMatchObject({
      contracts: null,
      confirmations: 3,
    });
  });

  it("reads no rate as no Rupiah: null, or absent from an older backend", () => {
    const none = { rupiahPerGold: null, rupiahRateSource: null, rupiahRateDate: null };
    expect(readChainConfig({ ...good, ...none })).toMatchObject(none);
    const { rupiahPerGold: _rate, rupiahRateSource: _source, rupiahRateDate: _date, ...older } = good;
    expect(readChainConfig(older)).toMatchObject(none);
  });

  it("reads the seed market's address and fee, or none (null or absent: the market is off)", () => {
    const market = { address: "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9", feeBps: 50, feeRecipient: null };
    expect(readChainConfig({ ...good, market }).market).toEqual(market);
    expect(readChainConfig({ ...good, market: null }).market).toBeNull();
  });

  it("refuses an answer that could send transactions to the wrong place", () => {
    for (const bad of [
      null,
      { ...good, chainId: 0 },
      { ...good, chainId: "31337" },
      { ...good, rpcUrl: "" },
      { ...good, devWallet: "yes" },
      { ...good, confirmations: -1 },
      { ...good, rupiahPerGold: "16.000" },
      { ...good, rupiahPerGold: 16000 },
      { ...good, rupiahRateSource: 1 },
      { ...good, rupiahRateDate: "2 November 2026" },
      { ...good, contracts: "none" },
      { ...good, contracts: { ...good.contracts, farmNft: "0x1234" } },
      { ...good, contracts: { ...good.contracts, farmVault: undefined } },
      { ...good, market: { address: "0x1234", feeBps: 0, feeRecipient: null } },
      { ...good, market: { address: good.contracts.farmNft, feeBps: 101, feeRecipient: null } },
    ])
      expect(() => readChainConfig(bad), JSON.stringify(bad)).toThrow(ChainConfigError);
  });
});
