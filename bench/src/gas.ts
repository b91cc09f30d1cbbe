import {
  deployFarm,
  farmMarketAbi,
  farmNftAbi,
  goldFaucetAbi,
  goldPermitTypedData,
  goldTokenAbi,
  waitForReceipt,
} from "@farm/contracts";
import { ONE_GOLD } from "@farm/core";
import {
  anvilChain,
  anvilKeys,
  marketOrderDomain,
  marketOrderTypes,
  startAnvil,
  verifyInvestor,
} from "@farm/testkit";
import {
  type Abi,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  keccak256,
  parseSignature,
  sha256,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

// Gas of every user-facing operation of the contracts on a fresh anvil, in the state a running platform is in
// (other invoices already exist and hold GOLD), plus the cold first-ever cases for comparison.
const anvil = await startAnvil();
try {
  const chain = anvilChain(anvil);
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const testClient = createTestClient({ chain, transport, mode: "anvil" });
  const wallet = (key: Hex) => createWalletClient({ chain, transport, account: privateKeyToAccount(key) });
  type Wallet = ReturnType<typeof wallet>;
  const wallets = anvilKeys.map(wallet);
  const role = (index: number) => {
    const client = wallets[index];
    if (!client) throw new Error(`no anvil key ${index}`);
    return client;
  };
  // Key roles follow the testkit convention: 0 admin, 1 operator, 2 farmer, 3.. investors.
  const [admin, operator, farmer, alice, bob, carol, dave, erin] = [0, 1, 2, 3, 4, 5, 6, 7].map(role) as [
    Wallet,
    Wallet,
    Wallet,
    Wallet,
    Wallet,
    Wallet,
    Wallet,
    Wallet,
  ];

  const deployment = await deployFarm({
    publicClient,
    walletClient: admin,
    operator: operator.account.address,
  });
  const gas: Record<string, number | Record<string, number>> = {};

  async function measure(
    label: string | undefined,
    client: Wallet,
    address: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
  ): Promise<void> {
    const hash = await client.writeContract({
      address,
      abi,
      functionName,
      args,
      account: client.account,
      chain,
    });
    const receipt = await waitForReceipt(publicClient, { hash });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted`);
    if (label) gas[label] = Number(receipt.gasUsed);
  }
  const nft = (label: string | undefined, client: Wallet, fn: string, args: readonly unknown[]) =>
    measure(label, client, deployment.farmNft, farmNftAbi, fn, args);
  const approveGold = (client: Wallet, amount: bigint) =>
    measure(undefined, client, deployment.goldToken, goldTokenAbi, "approve", [deployment.farmNft, amount]);

  const now = async () => (await publicClient.getBlock()).timestamp;
  let references = 0;
  const submit = async (label: string | undefined, amount: bigint) => {
    references += 1;
    await nft(label, operator, "submitInvoice", [
      farmer.account.address,
      amount,
      // Within the fee cap (0.067 % a day: at most 603 bps over 90 days).
      600,
      90,
      (await now()) + 7n * 86_400n,
      keccak256(toHex(`invoice-${references}`)),
      sha256(toHex(`invoice document ${references}`)),
    ]);
    return BigInt(references);
  };

  // Shares go only to verified wallets (decision 0049); the credential is written once, before any investment.
  for (const investor of [alice, bob, carol, dave]) {
    await verifyInvestor({ publicClient, writer: admin }, deployment.farmNft, investor.account.address);
  }
  await measure("faucetClaim", alice, deployment.goldFaucet, goldFaucetAbi, "claim", []);
  for (const investor of [bob, carol, dave]) {
    await measure(undefined, investor, deployment.goldFaucet, goldFaucetAbi, "claim", []);
  }

  const principal = 3_000n * ONE_GOLD;
  const first = await submit("submitInvoiceFirstEver", principal);
  await nft("approveInvoiceFirstEver", admin, "approveInvoice", [first]);
  await approveGold(alice, 1_000n * ONE_GOLD);
  await nft("investFirstEver", alice, "invest", [first, 1_000n * ONE_GOLD]);

  const main = await submit("submitInvoice", principal);
  await nft("approveInvoice", admin, "approveInvoice", [main]);
  await approveGold(alice, 1_000n * ONE_GOLD);
  // Alice's second investment (her credential's counter is already nonzero); Bob's first ever.
  await nft("investVerifiedNotFirst", alice, "invest", [main, 1_000n * ONE_GOLD]);
  await approveGold(bob, 1_000n * ONE_GOLD);
  await nft("investWalletFirst", bob, "invest", [main, 1_000n * ONE_GOLD]);
  await approveGold(carol, 1_000n * ONE_GOLD);
  await nft("investFilling", carol, "invest", [main, 1_000n * ONE_GOLD]);

  /** A GOLD permit signed by `owner` for `spender`, as the investor app asks for one. */
  const goldPermit = async (owner: Wallet, spender: Address, value: bigint) => {
    const deadline = (await now()) + 3_600n;
    const nonce = await publicClient.readContract({
      address: deployment.goldToken,
      abi: goldTokenAbi,
      functionName: "nonces",
      args: [owner.account.address],
    });
    const signature = await owner.signTypedData(
      goldPermitTypedData({
        domain: {
          name: "Farm Gold",
          version: "1",
          chainId: anvil.chainId,
          verifyingContract: deployment.goldToken,
        },
        owner: owner.account.address,
        spender,
        value,
        nonce,
        deadline,
      }),
    );
    const { v, r, s } = parseSignature(signature);
    return [deadline, Number(v), r, s] as const;
  };
  const permitAmount = 500n * ONE_GOLD;
  const [deadline, v, r, s] = await goldPermit(dave, deployment.farmNft, permitAmount);
  await nft("investWithPermit", dave, "investWithPermit", [first, permitAmount, deadline, v, r, s]);

  // Share transfers between verified holders: to one that already holds shares of the invoice, and to one that
  // does not (a zero-to-nonzero ERC-1155 balance slot).
  const transfer = (label: string, to: Wallet) =>
    nft(label, alice, "safeTransferFrom", [
      alice.account.address,
      to.account.address,
      main,
      100n * ONE_GOLD,
      "0x",
    ]);
  await transfer("transferToHolder", bob);
  await transfer("transferToNewHolder", dave);

  const due = 3_180n * ONE_GOLD;
  await measure(undefined, farmer, deployment.goldToken, goldTokenAbi, "approve", [deployment.farmNft, due]);
  await admin.writeContract({
    address: deployment.goldToken,
    abi: goldTokenAbi,
    functionName: "mint",
    args: [farmer.account.address, 180n * ONE_GOLD],
    account: admin.account,
    chain,
  });
  await nft("repay", farmer, "repay", [main, due]);

  const cancelled = await submit(undefined, principal);
  await nft(undefined, admin, "approveInvoice", [cancelled]);
  await approveGold(bob, 500n * ONE_GOLD);
  await nft(undefined, bob, "invest", [cancelled, 500n * ONE_GOLD]);

  await testClient.increaseTime({ seconds: 91 * 86_400 });
  await testClient.mine({ blocks: 1 });
  await nft("harvest", bob, "harvest", [main]);
  // Carol spends the rest of her GOLD first, as an investor who put everything in would have: her harvest then also
  // pays for a zero-to-nonzero balance slot in GoldToken (EIP-2200: about 20,000 gas more than updating a balance).
  const carolGold = await publicClient.readContract({
    address: deployment.goldToken,
    abi: goldTokenAbi,
    functionName: "balanceOf",
    args: [carol.account.address],
  });
  await measure(undefined, carol, deployment.goldToken, goldTokenAbi, "transfer", [
    alice.account.address,
    carolGold,
  ]);
  await nft("harvestToEmptyBalance", carol, "harvest", [main]);
  await nft("cancelExpired", carol, "cancelExpired", [cancelled]);
  await nft("refund", bob, "refund", [cancelled]);

  // A default: partly repaid, defaulted after maturity plus grace, settled; holders harvest what was recovered.
  const defaulting = await submit(undefined, 2_000n * ONE_GOLD);
  await nft(undefined, admin, "approveInvoice", [defaulting]);
  await approveGold(alice, 1_000n * ONE_GOLD);
  await nft(undefined, alice, "invest", [defaulting, 1_000n * ONE_GOLD]);
  await approveGold(dave, 1_000n * ONE_GOLD);
  await nft(undefined, dave, "invest", [defaulting, 1_000n * ONE_GOLD]);
  await measure(undefined, farmer, deployment.goldToken, goldTokenAbi, "approve", [
    deployment.farmNft,
    2_060n * ONE_GOLD,
  ]);
  await nft("repayPartial", farmer, "repay", [defaulting, 500n * ONE_GOLD]);
  await testClient.increaseTime({ seconds: (90 + 31) * 86_400 });
  await testClient.mine({ blocks: 1 });
  await nft("markDefaulted", admin, "markDefaulted", [defaulting]);
  await nft("repayRecovery", farmer, "repay", [defaulting, 1_000n * ONE_GOLD]);
  // Settlement waits for the recovery window after the default (30 days by default).
  await testClient.increaseTime({ seconds: 30 * 86_400 });
  await testClient.mine({ blocks: 1 });
  await nft("settleDefault", admin, "settleDefault", [defaulting]);
  await nft("harvestSettled", alice, "harvest", [defaulting]);

  // An approved invoice, partly funded, withdrawn by the admin with a reason; its investor refunds.
  const withdrawn = await submit(undefined, principal);
  await nft(undefined, admin, "approveInvoice", [withdrawn]);
  await approveGold(bob, 100n * ONE_GOLD);
  await nft(undefined, bob, "invest", [withdrawn, 100n * ONE_GOLD]);
  await nft("withdrawInvoice", admin, "withdrawInvoice", [withdrawn, "the buyer disputed it after approval"]);
  await nft("refundWithdrawn", bob, "refund", [withdrawn]);

  // The seed market (decision 0058): Alice sells shares of a funded invoice to buyers who hold none of it yet. Dave
  // has signed a GOLD permit before (he invested with one, as the investor app does), Carol never has: her permit
  // also pays for her first GOLD nonce (a zero-to-nonzero slot).
  const traded = await submit(undefined, principal);
  await nft(undefined, admin, "approveInvoice", [traded]);
  await approveGold(alice, 2_000n * ONE_GOLD);
  await nft(undefined, alice, "invest", [traded, 2_000n * ONE_GOLD]);
  await approveGold(bob, 1_000n * ONE_GOLD);
  await nft(undefined, bob, "invest", [traded, 1_000n * ONE_GOLD]);
  await nft(undefined, alice, "setApprovalForAll", [deployment.farmMarket, true]);
  await verifyInvestor({ publicClient, writer: admin }, deployment.farmNft, erin.account.address);
  await measure(undefined, erin, deployment.goldFaucet, goldFaucetAbi, "claim", []);
  const market = (label: string | undefined, client: Wallet, fn: string, args: readonly unknown[]) =>
    measure(label, client, deployment.farmMarket, farmMarketAbi, fn, args);
  let orderNonce = 0n;
  const order = async (signer: Wallet, primaryType: "Listing" | "Offer", shares: bigint, price: bigint) => {
    orderNonce += 1n;
    const message = {
      [primaryType === "Listing" ? "seller" : "buyer"]: signer.account.address,
      tokenId: traded,
      shares,
      price,
      expiry: (await now()) + 86_400n,
      nonce: orderNonce,
    };
    const signature = await signer.signTypedData({
      domain: marketOrderDomain(anvil.chainId, deployment.farmMarket),
      types: marketOrderTypes,
      primaryType,
      message,
    } as never);
    return [message, signature] as const;
  };
  const price = (98n * ONE_GOLD) / 100n;
  const withPermit = async (label: string, buyer: Wallet, shares: bigint) => {
    const [listing, signature] = await order(alice, "Listing", shares, price);
    const cost = (shares * price + ONE_GOLD - 1n) / ONE_GOLD;
    const permit = await goldPermit(buyer, deployment.farmMarket, cost);
    await market(label, buyer, "fillListingWithPermit", [listing, signature, shares, cost, ...permit]);
  };
  await withPermit("fillListingWithPermitNewHolder", dave, 500n * ONE_GOLD);
  await withPermit("fillListingWithPermitFirstPermit", carol, 300n * ONE_GOLD);
  const [listing, listingSignature] = await order(alice, "Listing", 400n * ONE_GOLD, price);
  await measure(undefined, erin, deployment.goldToken, goldTokenAbi, "approve", [
    deployment.farmMarket,
    400n * ONE_GOLD,
  ]);
  await market("fillListingNewHolder", erin, "fillListing", [listing, listingSignature, 200n * ONE_GOLD]);
  // Bob holds shares of the invoice already and approved the market once; Alice sells into his offer.
  const [offer, offerSignature] = await order(bob, "Offer", 300n * ONE_GOLD, (99n * ONE_GOLD) / 100n);
  await measure(undefined, bob, deployment.goldToken, goldTokenAbi, "approve", [
    deployment.farmMarket,
    300n * ONE_GOLD,
  ]);
  await market("acceptOffer", alice, "acceptOffer", [offer, offerSignature, 300n * ONE_GOLD]);
  // Cancelling a listing nobody filled yet: its nonce's slot goes from zero to type(uint256).max.
  await market("cancelListing", alice, "cancel", [orderNonce + 1n]);

  const sizes: Record<string, number> = {};
  for (const [name, address] of Object.entries({
    GoldToken: deployment.goldToken,
    GoldFaucet: deployment.goldFaucet,
    FarmNFT: deployment.farmNft,
    FarmVault: deployment.farmVault,
    FarmMarket: deployment.farmMarket,
    // FarmNFT runs its settings, views and rejection from this contract (created in its constructor).
    FarmNFTExtension: await publicClient.readContract({
      address: deployment.farmNft,
      abi: farmNftAbi,
      functionName: "extension",
    }),
  })) {
    const code = await publicClient.getCode({ address });
    sizes[name] = code ? (code.length - 2) / 2 : 0;
  }

  // Investing no longer touches the vault (the yield is reserved once, at approval), and a harvest pays principal
  // and yield in one transfer from FarmNFT.
  const targets: Record<string, number> = {
    investFirstEver: 115_000,
    investVerifiedNotFirst: 95_000,
    investWalletFirst: 115_000,
    transferToHolder: 75_000,
    transferToNewHolder: 95_000,
    harvest: 80_000,
    harvestToEmptyBalance: 90_000,
    submitInvoice: 160_000,
    approveInvoice: 80_000,
    // Issue 31: a whole listing bought with a GOLD permit by a wallet holding none of the invoice yet.
    fillListingWithPermitNewHolder: 160_000,
    cancelListing: 50_000,
  };
  console.log("operation                    gas used   target");
  for (const [operation, used] of Object.entries(gas)) {
    const target = targets[operation];
    const verdict =
      target === undefined
        ? ""
        : `${target.toLocaleString("en")} ${Number(used) <= target ? "ok" : "MISSED"}`;
    console.log(`${operation.padEnd(28)} ${Number(used).toLocaleString("en").padStart(9)}   ${verdict}`);
  }
  // 4 KiB under the EVM's 24,576-byte limit, so every contract has room for the features still to come.
  const sizeTarget = 20_480;
  for (const [name, size] of Object.entries(sizes)) {
    console.log(
      `${`${name} size (bytes)`.padEnd(28)} ${size.toLocaleString("en").padStart(9)}   20,480 ${size <= sizeTarget ? "ok" : "MISSED"}`,
    );
  }
  gas.deploymentSizes = sizes;
  console.log(JSON.stringify(gas));
} finally {
  await anvil.stop();
}
