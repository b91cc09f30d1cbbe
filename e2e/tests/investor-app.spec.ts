import { farmNftAbi, goldFaucetAbi, goldTokenAbi } from "@farm/contracts";
import { type GameState, XP_PER_HARVEST, XP_PER_PLANTING } from "@farm/core";
import { type Stack, waitForIndexer } from "@farm/scripts/stack";
import { anvilKeys } from "@farm/testkit";
import type { Page } from "@playwright/test";
import type { Hex } from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import {
  approvedDemoSeed,
  chainTools,
  goldOnChain,
  openAccountMenu,
  verifyInvestorWallet,
} from "../fixtures/platform";
import { screenshotAt, viewports } from "../fixtures/screenshots";
import { advanceChainTime, expect, setGameDayOffset, slowBlockConfirmations, test } from "../fixtures/stack";
import { recordToasts, toastsSeen } from "../fixtures/toasts";

/**
 * The investor journey against the whole local stack: a new wallet (anvil #5; investor journeys count up from #5)
 * claims GOLD, buys a whole seed, waters it, is repaid, harvests and ranks. Seeds are the demo farmer's invoices,
 * submitted through the API and approved with the admin key, so the journey does not depend on the farmer portal's
 * state. (Never with the operator key: it is the backend's own signer, and a transaction sent with it behind the
 * backend's back leaves the backend's nonce behind, failing the next invoice any later journey submits.)
 */
const investorIndex = 5;
const refundInvestorIndex = 6;
/** Pays the invoice back as the farmer's buyer would; from the top of anvil's 20 accounts, outside the dev wallet list. */
const buyerAccount = mnemonicToAccount("test test test test test test test test test test test junk", {
  addressIndex: 15,
});
const ONE_GOLD = 10n ** 18n;
const principal = 1_000n * ONE_GOLD;
const yieldBps = 200;
const tenorDays = 30;
const expectedYield = (principal * BigInt(yieldBps)) / 10_000n;

let seedsListed = 0;

/** The demo farmer submits an invoice (funding open for 7 days) and the admin approves it; returns its token id. */
async function listSeed(stack: Stack, amount: bigint): Promise<bigint> {
  seedsListed += 1;
  return approvedDemoSeed(stack, {
    invoiceNumber: `E2E-SEED-${Date.now()}-${seedsListed}`,
    buyerName: "PT Pasar Induk Caringin",
    amount: amount.toString(),
    yieldBps,
    tenorDays,
    fundingDays: 7,
  });
}

/** The buyer pays what is due (principal + financing fee), as a real buyer would after delivery. */
async function repayInFull(stack: Stack, tokenId: bigint): Promise<void> {
  const { publicClient, contracts, send } = chainTools(stack);
  await send(buyerAccount, contracts.goldFaucet, goldFaucetAbi, "claim");
  const due = await publicClient.readContract({
    address: contracts.farmNft,
    abi: farmNftAbi,
    functionName: "amountDue",
    args: [tokenId],
  });
  await send(buyerAccount, contracts.goldToken, goldTokenAbi, "approve", [contracts.farmNft, due]);
  await send(buyerAccount, contracts.farmNft, farmNftAbi, "repay", [tokenId, due]);
}

/** The GOLD balance the app shows, read to the base unit from the element's data attribute. */
async function shownBalance(page: Page): Promise<bigint> {
  const balance = page.getByTestId("gold-balance");
  await expect(balance).toBeVisible();
  return BigInt((await balance.getAttribute("data-base-units")) ?? "-1");
}

/** Connects the local dev wallet as anvil account `index`, signs in with SIWE and claims faucet GOLD. */
async function signInAndClaim(page: Page, stack: Stack, index: number): Promise<bigint> {
  // An investor verified through the portal's investors' queue (its own journey covers the /verify flow).
  await verifyInvestorWallet(stack, index);
  await page.goto(stack.investorAppUrl);
  await page.getByTestId("tour-skip").click();
  const menu = await openAccountMenu(page);
  await menu.getByTestId("dev-account").selectOption(String(index));
  await menu.getByTestId("connect-dev-wallet").click();
  await menu.getByTestId("sign-in").click();
  await expect(menu.getByTestId("sign-out")).toBeVisible();
  await menu.getByTestId("faucet-claim").click();
  await expect(menu.getByTestId("tx-progress")).toHaveAttribute("data-status", "confirmed");
  await menu.locator("summary").click();
  return goldOnChain(stack, privateKeyToAccount(anvilKeys[index] as Hex).address);
}

async function screenshotBoth(page: Page, name: string) {
  for (const viewport of ["phone", "desktop"] as const) {
    await screenshotAt(page, "investor-app", name, viewport);
  }
  await page.setViewportSize(viewports.phone);
}

test.describe("investor app", () => {
  test("a new investor claims GOLD, plants a seed, waters it, harvests principal plus yield and ranks", async ({
    page,
    stack,
    slowBlocks,
  }) => {
    test.setTimeout(240_000);
    const investor = privateKeyToAccount(anvilKeys[investorIndex] as Hex).address;
    const tokenId = await listSeed(stack, principal);
    await verifyInvestorWallet(stack, investorIndex);
    await page.setViewportSize(viewports.phone);

    // A first visit opens the tour: claim GOLD, buy a seed, water it, the daily loop, what harvest pays. Followed to the end, it
    // is not shown again.
    await page.goto(stack.investorAppUrl);
    for (const step of ["gold", "buy", "water", "daily", "together"]) {
      await expect(page.getByTestId("tour")).toHaveAttribute("data-step", step);
      await page.getByTestId("tour-next").click();
    }
    await expect(page.getByTestId("tour")).toHaveAttribute("data-step", "harvest");
    await page.getByTestId("tour-done").click();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Your farm" })).toBeVisible();
    await expect(page.getByTestId("tour")).toHaveCount(0);

    // Connect the local dev wallet as a fresh account and sign in with SIWE.
    let menu = await openAccountMenu(page);
    await menu.getByTestId("dev-account").selectOption(String(investorIndex));
    await menu.getByTestId("connect-dev-wallet").click();
    await menu.getByTestId("sign-in").click();
    await expect(menu.getByTestId("sign-out")).toBeVisible();
    expect(await shownBalance(page)).toBe(0n);

    // Claim GOLD from the faucet; the next claim time appears. On slow blocks the claim counts its confirmations.
    await menu.getByTestId("faucet-claim").click();
    if (slowBlocks) {
      await expect(menu.getByTestId("tx-progress")).toContainText(
        new RegExp(`waiting for confirmations \\(\\d of ${slowBlockConfirmations}\\)`),
      );
    }
    await expect(menu.getByTestId("tx-progress")).toHaveAttribute("data-status", "confirmed");
    await expect(menu.getByTestId("faucet-next")).toBeVisible();
    const claimed = await goldOnChain(stack, investor);
    expect(claimed).toBeGreaterThan(principal);
    await expect(page.getByTestId("gold-balance")).toHaveAttribute("data-base-units", claimed.toString());
    await menu.locator("summary").click();

    // Bahasa Indonesia is remembered across a reload.
    await page.getByTestId("language-switch").selectOption("id");
    await expect(page.getByRole("link", { name: "Toko" }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole("link", { name: "Toko" }).first()).toBeVisible();
    await page.getByTestId("language-switch").selectOption("en");

    // The shop lists the seed; buying all of it shows the exact payout before signing.
    await page.getByRole("link", { name: "Shop" }).first().click();
    const card = page.locator(`[data-testid="seed-card"][data-token-id="${tokenId}"]`);
    await expect(card).toBeVisible();
    await screenshotBoth(page, "shop");
    await card.getByTestId("seed-buy-toggle").click();
    // A first purchase waits for the risk statement: the panel shows it and accepting it opens the form.
    await card.getByTestId("risk-accept").click();
    // More than the seed needs buys only what is left; dust below the on-chain minimum is refused before signing.
    await card.getByLabel("Amount to invest").fill("500000");
    await expect(card.getByTestId("payout-capped")).toContainText("needs only 1,000 GOLD more");
    await card.getByLabel("Amount to invest").fill("0.5");
    await expect(card.getByRole("alert")).toContainText("The smallest purchase is 1 GOLD");
    await card.getByLabel("Amount to invest").fill("1000");
    await expect(card.getByTestId("payout-total")).toHaveAttribute(
      "data-base-units",
      (principal + expectedYield).toString(),
    );
    await card.getByTestId("buy-submit").click();
    await page.getByTestId("gold-check-confirm").click();
    await expect(page.getByTestId("buy-done")).toBeVisible();
    expect(await goldOnChain(stack, investor)).toBe(claimed - principal);

    // The plant is in the garden; watering gives XP and spends water once a day.
    await page.getByTestId("buy-done").getByRole("link", { name: "Go to the garden" }).click();
    const plot = page.locator(`[data-testid="garden-plot"][data-crop-id="${tokenId}"]`);
    await expect(plot).toBeVisible();
    // The planting's XP comes with the indexer and the profile is cached for 2 s: "before" is read once the profile
    // holds it (with slow blocks a page could still show the XP from before the planting, and the check below failed).
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get(`${stack.investorAppUrl}/api/user/profile`)).json()) as {
              xp: number;
            }
          ).xp,
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(XP_PER_PLANTING);
    await page.reload();
    await expect(plot).toBeVisible();
    await plot.click();
    const xpBefore = Number(await page.getByTestId("player-xp").getAttribute("data-xp"));
    const waterBefore = Number(await page.getByTestId("water-gauge").getAttribute("data-water"));
    await expect(page.getByTestId("water-note")).toContainText("never changes your money");
    const watering = page.waitForResponse(
      (response) => response.url().endsWith("/api/game/water") && response.request().method() === "POST",
    );
    await page.getByTestId("water-button").click();
    // 5 XP, and the day's quests' and chores' when the watering completed one (decision 0059).
    const { xpGained } = (await (await watering).json()) as { xpGained: number };
    expect(xpGained).toBeGreaterThanOrEqual(5);
    await expect(page.getByTestId("water-result")).toContainText(`+${xpGained} XP`);
    // The watering animation runs to its end; the first watering unlocks an achievement, celebrated.
    await expect(page.getByTestId("water-animation")).toHaveAttribute("data-state", "ended");
    await expect(page.getByTestId("achievement-celebration")).toBeVisible();
    await page.getByTestId("achievement-celebration-close").click();
    // Today's quests as the server drew them at the day's first read: none asks to invest, the page shows each one's
    // progress, and a watering quest (drawn once the plant was there) moved by the watering.
    const game = (await (
      await page.request.get(`${stack.investorAppUrl}/api/game/state`)
    ).json()) as GameState;
    expect(game.quests).toHaveLength(3);
    for (const quest of game.quests) {
      expect(quest.kind).not.toBe("plant");
      if (quest.kind === "water") expect(quest.progress).toBe(1);
      await expect(page.locator(`[data-testid="quest"][data-quest="${quest.id}"]`)).toHaveAttribute(
        "data-progress",
        String(quest.progress),
      );
    }
    await expect(page.getByTestId("streak")).toHaveAttribute("data-streak", "1");
    await expect(page.getByTestId("never-money")).toContainText("never change your money");
    await expect(page.getByTestId("player-xp")).toHaveAttribute("data-xp", String(xpBefore + xpGained));
    await expect(page.getByTestId("water-gauge")).toHaveAttribute("data-water", String(waterBefore - 10));
    await expect(page.getByTestId("water-button")).toBeDisabled();
    const second = await page.request.post(`${stack.investorAppUrl}/api/game/water`, {
      data: { cropId: tokenId.toString() },
    });
    expect(second.status()).toBeGreaterThanOrEqual(400);
    expect(second.status()).toBeLessThan(500);
    expect(((await second.json()) as { error: { code: string } }).error.code).toMatch(/^[A-Z_]+$/);
    await expect(page.getByTestId("player-xp")).toHaveAttribute("data-xp", String(xpBefore + xpGained));
    await screenshotBoth(page, "farm-growing");

    // The player comes back the next UTC day (the game's clock, moved by the test stack): the streak reaches 2.
    await setGameDayOffset(stack, 1);
    await page.reload();
    await page.locator(`[data-testid="garden-plot"][data-crop-id="${tokenId}"]`).click();
    await page.getByTestId("water-button").click();
    await expect(page.getByTestId("water-animation")).toHaveAttribute("data-state", "ended");
    await expect(page.getByTestId("streak")).toHaveAttribute("data-streak", "2");
    await setGameDayOffset(stack, 0);

    // The buyer repays and the chain's clock passes maturity: the plant ripens and harvest pays exactly.
    await repayInFull(stack, tokenId);
    await advanceChainTime(stack, (tenorDays + 1) * 86_400);
    await page.reload();
    await page.locator(`[data-testid="garden-plot"][data-crop-id="${tokenId}"]`).click();
    await expect(page.getByTestId("crop-stage")).toHaveText("Ripe");
    await expect(page.getByTestId("crop-payout")).toHaveAttribute(
      "data-base-units",
      (principal + expectedYield).toString(),
    );
    await screenshotBoth(page, "farm");
    const beforeHarvest = await shownBalance(page);
    const xpBeforeHarvest = Number(await page.getByTestId("player-xp").getAttribute("data-xp"));
    await recordToasts(page);
    await page.getByTestId("harvest-button").click();
    await expect(page.getByTestId("harvest-result")).toHaveAttribute(
      "data-base-units",
      (principal + expectedYield).toString(),
    );
    await expect(page.getByTestId("harvest-celebration")).toBeVisible();
    await screenshotBoth(page, "harvest-celebration");
    await page.getByTestId("harvest-celebration-close").click();
    // Without a reload: once the index has the receipt's payout, the page refetches the game state and tells the XP.
    await expect(page.getByTestId("player-xp")).toHaveAttribute(
      "data-xp",
      String(xpBeforeHarvest + XP_PER_HARVEST),
    );
    // The XP's toast may have come and gone while the screenshots above were taken: it was shown, once.
    await expect
      .poll(async () => (await toastsSeen(page)).filter((text) => text === `+${XP_PER_HARVEST} XP`))
      .toHaveLength(1);
    // A harvest that lifts the player a level or unlocks an achievement (the first harvest; a harvest quest) may say so
    // in a dialog of its own (when the news arrives after the harvest card closed); whenever one shows, the player
    // closes it before going on.
    const news = page.getByRole("dialog", { name: /^(Level \d+!|Achievement: .+!)$/ });
    await page.addLocatorHandler(news, async (dialog) => {
      await dialog.getByRole("button", { name: "Nice!" }).click();
    });
    await expect(page.getByTestId("gold-balance")).toHaveAttribute(
      "data-base-units",
      (beforeHarvest + principal + expectedYield).toString(),
    );
    expect(await goldOnChain(stack, investor)).toBe(claimed + expectedYield);
    // The harvest reaches the profile and the board through the indexer (no sync call, unlike planting), and a
    // board read before it is cached for 30 s: let the index take the block in, as a moment's pause would.
    await waitForIndexer(stack.apiUrl);

    // A display name and avatar, then the leaderboard shows the investor's own rank.
    await page.getByRole("link", { name: "Profile" }).first().click();
    await page.getByRole("textbox", { name: "Display name" }).fill("e2e_investor");
    await page.getByRole("radio", { name: "Sunflower" }).check();
    await page.getByRole("form", { name: "Name and avatar" }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("profile-saved")).toHaveText("Saved: you are now e2e_investor.");
    await expect(page.getByText("e2e_investor").first()).toBeVisible();
    await screenshotBoth(page, "profile");

    await page.getByRole("link", { name: "Ranks" }).first().click();
    const me = page.locator('.rank-row[aria-current="true"]');
    await expect(me).toContainText("e2e_investor");
    await page.getByRole("tab", { name: "GOLD invested" }).click();
    await expect(me).toContainText("e2e_investor");
    await page.getByRole("tab", { name: "Yield earned" }).click();
    await expect(me).toContainText("20 GOLD");
    await screenshotBoth(page, "leaderboard");

    // Part of another seed: the term starts only when it fills, so the preview gives the latest maturity.
    const otherTokenId = await listSeed(stack, 500n * ONE_GOLD);
    await page.getByRole("link", { name: "Shop" }).first().click();
    const otherCard = page.locator(`[data-testid="seed-card"][data-token-id="${otherTokenId}"]`);
    await otherCard.getByTestId("seed-buy-toggle").click();
    await otherCard.getByLabel("Amount to invest").fill("100");
    await expect(otherCard.getByTestId("payout-preview")).toContainText("At the latest on");
    await otherCard.getByTestId("buy-submit").click();
    await page.getByTestId("gold-check-confirm").click();
    await expect(page.getByTestId("buy-done")).toBeVisible();

    await page.getByRole("link", { name: "Home" }).first().click();
    await expect(page.getByRole("heading", { name: "Your farm" })).toBeVisible();
    await expect(page.getByTestId("active-crop")).toHaveCount(1);
    await expect(page.getByTestId("featured-seed").first()).toBeVisible();
    await screenshotBoth(page, "home");

    menu = await openAccountMenu(page);
    await expect(menu.getByTestId("sign-out")).toBeVisible();
  });

  test("an investor claims a refund when a seed's funding lapses unfilled", async ({ page, stack }) => {
    test.setTimeout(180_000);
    const tokenId = await listSeed(stack, principal);
    await verifyInvestorWallet(stack, investorIndex);
    await page.setViewportSize(viewports.phone);
    const claimed = await signInAndClaim(page, stack, refundInvestorIndex);
    const investor = privateKeyToAccount(anvilKeys[refundInvestorIndex] as Hex).address;

    await page.getByRole("link", { name: "Shop" }).first().click();
    const card = page.locator(`[data-testid="seed-card"][data-token-id="${tokenId}"]`);
    await card.getByTestId("seed-buy-toggle").click();
    await card.getByTestId("risk-accept").click();
    await card.getByLabel("Amount to invest").fill("200");
    await card.getByTestId("buy-submit").click();
    await page.getByTestId("gold-check-confirm").click();
    await expect(page.getByTestId("buy-done")).toBeVisible();
    expect(await goldOnChain(stack, investor)).toBe(claimed - 200n * ONE_GOLD);

    // Nobody fills the rest before the deadline: the plant shows as returned and the refund closes funding first.
    await advanceChainTime(stack, 8 * 86_400);
    await page.getByRole("link", { name: "Garden" }).first().click();
    await page.locator(`[data-testid="garden-plot"][data-crop-id="${tokenId}"]`).click();
    await expect(page.getByTestId("crop-stage")).toHaveText("Refund to claim");
    await expect(page.getByTestId("harvest-button")).toHaveCount(0);
    await expect(page.getByTestId("invoice-status")).toHaveText("Funding closed unfilled");
    // The farmer's list reads the same state from the API: closed, not open.
    const stateOf = async () =>
      ((await (await fetch(`${stack.apiUrl}/api/invoices/${tokenId}`)).json()) as { state: { name: string } })
        .state.name;
    await expect.poll(stateOf).toBe("expired");
    // Cancel and refund in one flow: one button, two transactions.
    await expect(page.getByTestId("refund-button")).toHaveText("Close the lapsed funding and claim refund");
    await page.getByTestId("refund-button").click();
    await expect(page.getByTestId("refund-result")).toHaveAttribute(
      "data-base-units",
      (200n * ONE_GOLD).toString(),
    );
    expect(await goldOnChain(stack, investor)).toBe(claimed);
    // Once refunded the crop says so, with what the refund paid, and offers nothing more.
    await expect(page.getByTestId("crop-stage")).toHaveText("Refunded", { timeout: 30_000 });
    await expect(page.getByTestId("crop-payout")).toHaveAttribute(
      "data-base-units",
      (200n * ONE_GOLD).toString(),
    );
    await expect(page.getByTestId("refund-button")).toHaveCount(0);
    await expect.poll(stateOf).toBe("cancelled");
    await screenshotBoth(page, "farm-refunded");
  });

  test("the crop art gallery shows every commodity at every stage", async ({ page, stack, slowBlocks }) => {
    test.skip(slowBlocks, "the art does not depend on the chain's block time");
    await page.goto(`${stack.investorAppUrl}/gallery`);
    await page.getByTestId("tour-skip").click();
    await expect(page.getByTestId("gallery-commodity")).toHaveCount(9);
    // 9 commodities x 8 stages x watered and thirsty.
    await expect(page.locator("svg.crop-art")).toHaveCount(9 * 8 * 2);
    for (const viewport of ["phone", "desktop"] as const)
      await screenshotAt(page, "investor-app", "garden-all-stages", viewport);
  });
});
