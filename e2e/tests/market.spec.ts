import { farmNftAbi, goldFaucetAbi, goldTokenAbi } from "@farm/contracts";
import { yieldOn } from "@farm/core";
import type { Stack } from "@farm/scripts/stack";
import { anvilChain, verifyInvestor } from "@farm/testkit";
import type { Browser, Page } from "@playwright/test";
import { createWalletClient, http, type LocalAccount } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { fundGas, injectKeyWallet, keyWalletInfo } from "../fixtures/key-wallet";
import { approvedDemoSeed, chainTools, goldOnChain, openAccountMenu } from "../fixtures/platform";
import { accountOf } from "../fixtures/portal";
import { screenshotAt, viewports } from "../fixtures/screenshots";
import { advanceChainTime, expect, test, wallets } from "../fixtures/stack";

/**
 * Issue 31 end to end: investor A lists half its seed on the market from its garden; investor B (verified, accepting
 * the risk statement in the buy panel as a person does) buys it at the market stall on a 390 px screen; both gardens
 * and activity lists agree; the invoice is repaid and B harvests its half at maturity.
 * Every one of anvil's twenty accounts belongs to a journey already, so A, B and the invoice's payer are accounts 20-22
 * of the same test mnemonic, held by a key wallet in the page (fixtures/key-wallet.ts): no other journey touches them.
 */
const mnemonic = "test test test test test test test test test test test junk";
const sellerA = mnemonicToAccount(mnemonic, { addressIndex: 20 });
const buyerB = mnemonicToAccount(mnemonic, { addressIndex: 21 });
const payer = mnemonicToAccount(mnemonic, { addressIndex: 22 });
const ONE_GOLD = 10n ** 18n;
const principal = 1_000n * ONE_GOLD;
const half = principal / 2n;
const yieldBps = 200;
const tenorDays = 30;
// Listed at the sell form's default price: 98 % of face value.
const cost = (half * 98n) / 100n;

/** Gas, an on-chain investor credential (as the admin's approval writes it) and faucet GOLD for a new wallet. */
async function newInvestor(stack: Stack, account: LocalAccount): Promise<void> {
  const { publicClient, contracts, send } = chainTools(stack);
  await fundGas(stack, account.address);
  const writer = createWalletClient({
    chain: anvilChain(stack.chain, "Farm local chain"),
    transport: http(stack.chain.rpcUrl),
    account: accountOf(wallets.admin),
  });
  await verifyInvestor({ publicClient, writer }, contracts.farmNft, account.address, {
    validUntil: BigInt(Date.UTC(2100, 0, 1) / 1000),
  });
  await send(account, contracts.goldFaucet, goldFaucetAbi, "claim");
}

/** The demo farmer's invoice, approved, funded whole by A: A's seed. */
async function seedOfA(stack: Stack): Promise<bigint> {
  const { contracts, send } = chainTools(stack);
  const tokenId = await approvedDemoSeed(stack, {
    invoiceNumber: `E2E-MARKET-${Date.now()}`,
    buyerName: "PT Pasar Induk Caringin",
    amount: principal.toString(),
    yieldBps,
    tenorDays,
    fundingDays: 7,
  });
  await send(sellerA, contracts.goldToken, goldTokenAbi, "approve", [contracts.farmNft, principal]);
  await send(sellerA, contracts.farmNft, farmNftAbi, "invest", [tokenId, principal]);
  return tokenId;
}

/** A person at a phone with the key wallet of `account`, signed in. */
async function phoneOf(browser: Browser, stack: Stack, account: LocalAccount): Promise<Page> {
  const page = await browser.newPage({ viewport: viewports.phone });
  await injectKeyWallet(page, stack, account);
  await page.goto(stack.investorAppUrl);
  await page.getByTestId("tour-skip").click();
  const menu = await openAccountMenu(page);
  await menu.locator(`[data-testid="connect-announced"][data-rdns="${keyWalletInfo.rdns}"]`).click();
  await menu.getByTestId("sign-in").click();
  await expect(menu.getByTestId("sign-out")).toBeVisible();
  await menu.locator("summary").click();
  return page;
}

/** FarmMarket's address, as the apps read it (GET /api/config). */
async function marketAddress(stack: Stack): Promise<`0x${string}`> {
  const config = (await (await fetch(`${stack.apiUrl}/api/config`)).json()) as {
    market: { address: `0x${string}` } | null;
  };
  if (!config.market) throw new Error("the stack's backend has no market");
  return config.market.address;
}

async function sharesOf(stack: Stack, holder: LocalAccount, tokenId: bigint): Promise<bigint> {
  const { publicClient, contracts } = chainTools(stack);
  return publicClient.readContract({
    address: contracts.farmNft,
    abi: farmNftAbi,
    functionName: "balanceOf",
    args: [holder.address, tokenId],
  });
}

/** The garden's plot of `tokenId`, opened; the page is reloaded until the index lists it as `shares` held. */
async function openPlot(page: Page, tokenId: bigint, shares: bigint) {
  await expect(async () => {
    await page.reload();
    await page.locator(`[data-testid="garden-plot"][data-crop-id="${tokenId}"]`).click({ timeout: 3_000 });
    await expect(page.getByTestId("crop-shares")).toHaveAttribute("data-base-units", shares.toString(), {
      timeout: 3_000,
    });
  }).toPass({ timeout: 60_000 });
}

/** The activity line of `kind` for `tokenId`, waited for until the index has the trade. */
async function activityLine(page: Page, kind: string, tokenId: bigint) {
  const line = page.locator(`[data-testid="activity-item"][data-kind="${kind}"][data-token-id="${tokenId}"]`);
  await expect(async () => {
    await page.reload();
    await expect(line).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  return line;
}

test("investor A lists half its seed, B buys it at the market stall on a phone, both gardens agree, B harvests its half", async ({
  browser,
  stack,
}) => {
  test.setTimeout(300_000);
  const { publicClient, contracts, send } = chainTools(stack);
  await newInvestor(stack, sellerA);
  await newInvestor(stack, buyerB);
  const tokenId = await seedOfA(stack);
  const goldOfB = await goldOnChain(stack, buyerB.address);
  const goldOfA = await goldOnChain(stack, sellerA.address);

  // A opens its plant in the garden and lists half of it at the default 98 % of face value, for 7 days.
  const pageA = await phoneOf(browser, stack, sellerA);
  await pageA.getByRole("link", { name: "Garden" }).first().click();
  await openPlot(pageA, tokenId, principal);
  await pageA.getByTestId("sell-toggle").click();
  await pageA.getByTestId("sell-half").click();
  await expect(pageA.getByLabel("Shares to sell (face value)")).toHaveValue("500");
  await expect(pageA.getByTestId("sell-cost")).toHaveAttribute("data-base-units", cost.toString());
  await expect(pageA.getByTestId("sell-buyer-yield")).toContainText("to maturity");
  await screenshotAt(pageA, "investor-app", "market-sell", "phone");
  await pageA.getByTestId("sell-submit").click();
  // The check step first: what A receives, in figures and words, before anything is signed.
  await expect(pageA.getByTestId("gold-check-amount")).toHaveAttribute("data-base-units", cost.toString());
  await pageA.getByTestId("gold-check-confirm").click();
  await expect(pageA.getByTestId("sell-listed")).toBeVisible({ timeout: 30_000 });
  const market = await marketAddress(stack);
  expect(
    await publicClient.readContract({
      address: contracts.farmNft,
      abi: farmNftAbi,
      functionName: "isApprovedForAll",
      args: [sellerA.address, market],
    }),
  ).toBe(true);

  // B finds the listing at the market stall (390 px), with its figures, and buys all of it.
  const pageB = await phoneOf(browser, stack, buyerB);
  await pageB.getByRole("link", { name: "Market" }).first().click();
  const card = pageB.locator(
    `[data-testid="listing-card"][data-token-id="${tokenId}"][data-signer="${sellerA.address}"]`,
  );
  await expect(card.getByTestId("listing-face")).toHaveAttribute("data-base-units", half.toString());
  await expect(card.getByTestId("listing-cost")).toHaveAttribute("data-base-units", cost.toString());
  await expect(card.getByTestId("listing-discount")).toHaveText("2 % below face value");
  await expect(card.getByTestId("listing-state")).toHaveAttribute("data-state", "funded");
  await expect(card.getByTestId("listing-warning")).toHaveCount(0);
  const overflow = await pageB.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(390);
  await screenshotAt(pageB, "investor-app", "market", "phone");
  await card.getByTestId("listing-buy-toggle").click();
  // The shop's gate: a first purchase waits for the risk statement.
  await card.getByTestId("risk-accept").click();
  await card.getByTestId("fill-all").click();
  await expect(card.getByTestId("fill-cost")).toHaveAttribute("data-base-units", cost.toString());
  await card.getByTestId("fill-submit").click();
  await pageB.getByTestId("gold-check-confirm").click();
  await expect(card.getByTestId("market-bought")).toHaveAttribute("data-base-units", half.toString(), {
    timeout: 30_000,
  });

  // The chain: shares and GOLD changed hands, nothing created or lost (no fee on the local stack).
  expect(await sharesOf(stack, sellerA, tokenId)).toBe(half);
  expect(await sharesOf(stack, buyerB, tokenId)).toBe(half);
  expect(await goldOnChain(stack, buyerB.address)).toBe(goldOfB - cost);
  expect(await goldOnChain(stack, sellerA.address)).toBe(goldOfA + cost);

  // The stall no longer offers it once the index has the fill; A's order shows as sold.
  await expect(async () => {
    await pageB.reload();
    await expect(pageB.getByTestId("listing-card").first().or(pageB.getByTestId("market-empty"))).toBeVisible(
      {
        timeout: 3_000,
      },
    );
    await expect(card).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await pageA.goto(`${stack.investorAppUrl}/market`);
  await expect(
    pageA.locator(`[data-testid="my-order"][data-token-id="${tokenId}"]`).getByTestId("my-order-status"),
  ).toHaveText("Sold", { timeout: 30_000 });

  // Both gardens agree: A keeps half, B's plant arrives at the invoice's real stage, the same as A's.
  await pageA.getByRole("link", { name: "Garden" }).first().click();
  await openPlot(pageA, tokenId, half);
  const plotA = pageA.locator(`[data-testid="garden-plot"][data-crop-id="${tokenId}"]`);
  const stage = await plotA.getAttribute("data-stage");
  expect(["sprout", "growing"]).toContain(stage);
  await pageB.getByRole("link", { name: "Garden" }).first().click();
  await openPlot(pageB, tokenId, half);
  await expect(pageB.locator(`[data-testid="garden-plot"][data-crop-id="${tokenId}"]`)).toHaveAttribute(
    "data-stage",
    stage ?? "",
  );
  await screenshotAt(pageB, "investor-app", "market-bought-garden", "phone");

  // Both activity lists carry the trade: A sold for the cost, B bought for it.
  await pageA.getByRole("link", { name: "Profile" }).first().click();
  await expect(await activityLine(pageA, "sold", tokenId)).toHaveAttribute(
    "data-base-units",
    cost.toString(),
  );
  await pageB.getByRole("link", { name: "Profile" }).first().click();
  await expect(await activityLine(pageB, "bought", tokenId)).toHaveAttribute(
    "data-base-units",
    cost.toString(),
  );

  // The invoice is repaid in full and the chain's clock passes maturity: B harvests exactly its half's claim.
  await fundGas(stack, payer.address);
  await send(payer, contracts.goldFaucet, goldFaucetAbi, "claim");
  const due = await publicClient.readContract({
    address: contracts.farmNft,
    abi: farmNftAbi,
    functionName: "amountDue",
    args: [tokenId],
  });
  await send(payer, contracts.goldToken, goldTokenAbi, "approve", [contracts.farmNft, due]);
  await send(payer, contracts.farmNft, farmNftAbi, "repay", [tokenId, due]);
  await advanceChainTime(stack, (tenorDays + 1) * 86_400);
  const claim = half + yieldOn(half, yieldBps);
  await pageB.getByRole("link", { name: "Garden" }).first().click();
  await openPlot(pageB, tokenId, half);
  await expect(pageB.getByTestId("crop-stage")).toHaveText("Ripe");
  const beforeHarvest = await goldOnChain(stack, buyerB.address);
  await pageB.getByTestId("harvest-button").click();
  await expect(pageB.getByTestId("harvest-result")).toHaveAttribute("data-base-units", claim.toString(), {
    timeout: 30_000,
  });
  expect(await goldOnChain(stack, buyerB.address)).toBe(beforeHarvest + claim);
  await Promise.all([pageA.context().close(), pageB.context().close()]);
});
