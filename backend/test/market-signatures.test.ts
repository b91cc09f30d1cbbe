import { goldTokenAbi, waitForReceipt } from "@farm/contracts";
import { type MarketBook, marketTypedData } from "@farm/core";
import { anvilKeys, verifyInvestor } from "@farm/testkit";
import { sql } from "drizzle-orm";
import { type Address, encodeFunctionData, getAddress, type Hex, maxUint256 } from "viem";
import { privateKeyToAccount, toAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketWalletHarnessAbi } from "../../contracts/src/abi/MarketWalletHarness";
import { marketWalletHarnessBytecode } from "../../contracts/src/bytecode/MarketWalletHarness";
import { queryRows } from "../src/adapters/db/database";
import { type FarmChain, type FarmDriver, gold, type Wallet } from "./chain-fixture";
import { signIn, type TestApp, testBackends } from "./helpers";
import { type MarketDriver, readyToTrade, type SignedOrder, startMarketChain } from "./market-fixture";

/** A contract wallet (the ERC-1271 harness) owned by `owner`'s key: verified, with GOLD it lets the market take. */
async function deployContractWallet(farm: FarmChain, m: MarketDriver, owner: Wallet): Promise<Address> {
  const hash = await farm.admin.deployContract({
    abi: marketWalletHarnessAbi,
    bytecode: marketWalletHarnessBytecode,
    args: [owner.account.address],
  });
  const receipt = await waitForReceipt(farm.publicClient, { hash });
  const wallet = getAddress(receipt.contractAddress as string);
  await verifyInvestor(
    { publicClient: farm.publicClient, writer: farm.admin },
    farm.deployment.farmNft,
    wallet,
  );
  await m.confirm(
    await farm.admin.writeContract({
      address: farm.deployment.goldToken,
      abi: goldTokenAbi,
      functionName: "mint",
      args: [wallet, gold(100n)],
    }),
  );
  const approve = encodeFunctionData({
    abi: goldTokenAbi,
    functionName: "approve",
    args: [m.market, maxUint256],
  });
  await m.confirm(
    await owner.writeContract({
      address: wallet,
      abi: marketWalletHarnessAbi,
      functionName: "execute",
      args: [farm.deployment.goldToken, approve],
    }),
  );
  return wallet;
}

/** secp256k1's group order. */
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** The same signature with v as 0/1 instead of 27/28: viem recovers it, OpenZeppelin's ECDSA does not. */
const lowV = (signature: Hex): Hex => {
  const v = Number.parseInt(signature.slice(130), 16);
  return `${signature.slice(0, 130)}${(v - 27).toString(16).padStart(2, "0")}` as Hex;
};
/** The malleable twin (r, n - s, v ^ 1): the same signer to viem, an s above n/2 to OpenZeppelin. */
const highS = (signature: Hex): Hex => {
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130), 16);
  return `${signature.slice(0, 66)}${(CURVE_ORDER - s).toString(16).padStart(64, "0")}${v === 27 ? "1c" : "1b"}` as Hex;
};
const malformed = [
  ["v = 0/1", lowV],
  ["the high-s twin", highS],
] as const;

/**
 * Which signatures the book takes: exactly those FarmMarket's `_checkSignature` takes (decision 0058), an ECDSA
 * signature in OpenZeppelin's one form (v 27 or 28, s in the lower half) or a contract wallet's ERC-1271 yes. A form
 * viem recovers but FarmMarket refuses would sit in the book at any price and never fill. (Signatures do not depend
 * on the database, so one backend is enough.)
 */
describe.each(testBackends.slice(0, 1))("the signatures the market's book takes, on $name", ({ kind }) => {
  let farm: FarmChain;
  let t: TestApp;
  let m: MarketDriver;
  let tokenId: bigint;
  let contractWallet: Address;
  const seller = () => farm.wallet(anvilKeys[2]);
  const buyer = () => farm.wallet(anvilKeys[3]);
  const owner = () => farm.wallet(anvilKeys[6]);
  let cookies = new Map<Address, string>();

  const post = (signer: Address, body: SignedOrder) =>
    t.app.inject({
      method: "POST",
      url: "/api/market/orders",
      headers: { cookie: cookies.get(signer) ?? "" },
      payload: body,
    });
  const bookNonces = async (side: "listing" | "offer") => {
    const reply = await t.app.inject({ method: "GET", url: `/api/market?tokenId=${tokenId}&side=${side}` });
    expect(reply.statusCode, reply.body).toBe(200);
    return (reply.json() as MarketBook).items.map((item) => item.nonce);
  };
  const stored = async (signer: Address) =>
    (
      await queryRows<{ nonce: string }>(
        t.app.db,
        sql`select nonce::text as nonce from market_orders where signer = ${signer}`,
      )
    ).map((row) => row.nonce);
  /** An offer of the contract wallet: its owner's key signs the wallet's terms (the harness's ERC-1271 rule). */
  const contractOffer = async (shares: bigint): Promise<SignedOrder> => {
    const { signature: _, ...terms } = await m.sign(owner(), { side: "offer", shares }, tokenId);
    const order = { ...terms, signer: contractWallet };
    const typed = marketTypedData(order, farm.anvil.chainId, m.market);
    return { ...order, signature: await owner().signTypedData({ account: owner().account, ...typed }) };
  };

  beforeAll(async () => {
    let driver: FarmDriver;
    ({ farm, m, driver, t } = await startMarketChain(kind));
    for (const wallet of [seller(), buyer()]) await driver.verify(wallet);
    tokenId = await driver.openInvoice(farm.wallet(anvilKeys[4]).account.address, gold(1_000n));
    await driver.invest(seller(), tokenId, gold(1_000n));
    contractWallet = await deployContractWallet(farm, m, owner());
    cookies = await readyToTrade(t, m, driver, { buyer: buyer(), seller: seller(), buyerGold: gold(100n) }, [
      anvilKeys[2],
      anvilKeys[3],
    ]);
    const ownerKey = privateKeyToAccount(anvilKeys[6]);
    // The contract wallet signs in as itself: SIWE asks its ERC-1271 rule, which takes its owner's signature.
    const asWallet = toAccount({
      address: contractWallet,
      signMessage: (args) => ownerKey.signMessage(args),
      signTransaction: (args) => ownerKey.signTransaction(args),
      signTypedData: (args) => ownerKey.signTypedData(args),
    });
    cookies.set(contractWallet, await signIn(t.app, asWallet));
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  for (const [form, mangle] of malformed) {
    it(`refuses a listing and an offer signed with ${form}, and keeps neither`, async () => {
      const listing = await m.sign(seller(), { shares: gold(10n), price: 5n * 10n ** 17n }, tokenId);
      const offer = await m.sign(
        buyer(),
        { side: "offer", shares: gold(10n), price: 19n * 10n ** 17n },
        tokenId,
      );
      for (const order of [listing, offer]) {
        const reply = await post(order.signer, { ...order, signature: mangle(order.signature) });
        expect([reply.statusCode, reply.json().error?.code]).toEqual([422, "ORDER_SIGNATURE_INVALID"]);
        expect(await stored(order.signer)).not.toContain(order.nonce);
      }
      expect(await bookNonces("listing")).not.toContain(listing.nonce);
      expect(await bookNonces("offer")).not.toContain(offer.nonce);
      // As FarmMarket would have it: the form reverts at the fill.
      await expect(m.fill(buyer(), { ...listing, signature: mangle(listing.signature) }, 1n)).rejects.toThrow(
        /InvalidOrderSignature/,
      );
      // The same orders as signed are taken, and head the book.
      for (const order of [listing, offer]) expect((await post(order.signer, order)).statusCode).toBe(201);
      expect((await bookNonces("listing"))[0]).toBe(listing.nonce);
      expect((await bookNonces("offer"))[0]).toBe(offer.nonce);
    });
  }

  it("takes a contract wallet's offer through its ERC-1271 answer, and refuses what the wallet refuses", async () => {
    const offer = await contractOffer(gold(5n));
    for (const [, mangle] of malformed) {
      const reply = await post(contractWallet, { ...offer, signature: mangle(offer.signature) });
      expect([reply.statusCode, reply.json().error?.code]).toEqual([422, "ORDER_SIGNATURE_INVALID"]);
    }
    // The owner's own signature of the wallet's terms, as a plain ECDSA signature, is the wallet's only through 1271.
    const reply = await post(contractWallet, offer);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await bookNonces("offer")).toContain(offer.nonce);
    // And FarmMarket takes it as the book did: a holder sells into it.
    await m.fill(seller(), offer, gold(1n));
  });
});
