import { farmNftAbi, goldFaucetAbi, goldTokenAbi } from "@farm/contracts";
import { harvestPayout } from "@farm/core";
import { type Stack, waitForIndexer } from "@farm/scripts/stack";
import type { Page } from "@playwright/test";
import { injectedWalletInfo, injectWallet } from "../fixtures/injected-wallet";
import { layoutProblems } from "../fixtures/layout-check";
import {
  acceptRiskStatement,
  approvedDemoSeed,
  chainTools,
  goldOnChain,
  indexedInvoice,
  openAccountMenu,
  verifyInvestorWallet,
} from "../fixtures/platform";
import { accountOf } from "../fixtures/portal";
import { layoutWidths as widths } from "../fixtures/screenshots";
import { advanceChainTime, expect, test, wallets } from "../fixtures/stack";

/**
 * Journeys of issue 13, each on its own wallets (investor journeys count up: #8 the defaulted seed's investor, #9 the
 * session journey, which switches to #10 without signing in, #11 the injected wallet) and its own seed.
 */
const defaultInvestor = 8;
const sessionInvestor = 9;
const switchedTo = 10;
const injectedInvestor = 11;
const ONE_GOLD = 10n ** 18n;
let listed = 0;

async function listSeed(stack: Stack, amount: bigint, yieldBps = 200, tenorDays = 30): Promise<bigint> {
  listed += 1;
  return approvedDemoSeed(stack, {
    invoiceNumber: `E2E-STATES-${Date.now()}-${listed}`,
    buyerName: "CV Sayur Segar",
    amount: amount.toString(),
    yieldBps,
    tenorDays,
    fundingDays: 7,
  });
}

async function signInWithDevWallet(page: Page, index: number) {
  const menu = await openAccountMenu(page);
  await menu.getByTestId("dev-account").selectOption(String(index));
  await menu.getByTestId("connect-dev-wallet").click();
  await menu.getByTestId("sign-in").click();
  await expect(menu.getByTestId("sign-out")).toBeVisible();
  return menu;
}

const sessionStatus = async (page: Page, stack: Stack) =>
  (await page.request.get(`${stack.investorAppUrl}/api/auth/session`)).status();

test("a defaulted then settled seed: the investor claims the recovery, to the wei the chain pays", async ({
  page,
  stack,
}) => {
  test.setTimeout(180_000);
  const chain = chainTools(stack);
  const { contracts, send } = chain;
  const investor = accountOf(defaultInvestor);
  await verifyInvestorWallet(stack, defaultInvestor);
  const principal = 1_000n * ONE_GOLD;
  const recovered = 300n * ONE_GOLD;
  const tokenId = await listSeed(stack, principal);
  await send(investor, contracts.goldFaucet, goldFaucetAbi, "claim");
  await send(investor, contracts.goldToken, goldTokenAbi, "approve", [
    contracts.farmNft,
    principal + recovered,
  ]);
  await send(investor, contracts.farmNft, farmNftAbi, "invest", [tokenId, principal]);
  // Part of the debt comes in, then the farmer stops paying: past maturity and grace the admin declares and settles.
  await send(investor, contracts.farmNft, farmNftAbi, "repay", [tokenId, recovered]);
  await advanceChainTime(stack, 30 * 86_400 + Number(await chain.graceSeconds(tokenId)) + 86_400);
  const admin = accountOf(wallets.admin);
  await send(admin, contracts.farmNft, farmNftAbi, "markDefaulted", [tokenId]);
  // Settlement waits for the recovery window (30 days by default) after the default.
  await advanceChainTime(stack, 30 * 86_400);
  await send(admin, contracts.farmNft, farmNftAbi, "settleDefault", [tokenId]);
  const expected = harvestPayout({
    status: "settled",
    shares: principal,
    redeemedBefore: 0n,
    yieldBps: 200,
    funded: principal,
    amount: principal,
    repaid: recovered,
  });
  const expectedTotal = expected.principal + expected.yield;
  await waitForIndexer(stack.apiUrl);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(stack.investorAppUrl);
  await page.getByTestId("tour-skip").click();
  await signInWithDevWallet(page, defaultInvestor);
  await page.locator("summary").first().click();
  await page.getByRole("link", { name: "Garden" }).first().click();
  await page.locator(`[data-testid="garden-plot"][data-crop-id="${tokenId}"]`).click();
  await expect(page.getByTestId("crop-stage")).toHaveText("Withered: recovery ready");
  await expect(page.getByTestId("invoice-status")).toHaveText("Default settled");
  await expect(page.getByTestId("crop-payout")).toHaveAttribute("data-base-units", expectedTotal.toString());
  // Its one action is claiming the recovery; the crop detail sits in view, not below the plots.
  const claim = page.getByTestId("harvest-button");
  await expect(claim).toHaveText("Claim recovery");
  await expect(page.getByTestId("crop-detail")).toBeInViewport({ ratio: 0.2 });
  const before = await goldOnChain(stack, investor.address);
  await claim.click();
  await expect(page.getByTestId("harvest-result")).toHaveAttribute(
    "data-base-units",
    expectedTotal.toString(),
  );
  expect(await goldOnChain(stack, investor.address)).toBe(before + expectedTotal);
  await expect(page.getByTestId("crop-stage")).toHaveText("Withered: recovery claimed", { timeout: 30_000 });
  await expect(page.getByTestId("crop-payout")).toHaveAttribute("data-base-units", expectedTotal.toString());
  await expect(page.getByTestId("harvest-button")).toHaveCount(0);
});

test("disconnecting signs out, and switching accounts in the wallet ends the old session", async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${stack.investorAppUrl}/farm`);
  await page.getByTestId("tour-skip").click();
  let menu = await signInWithDevWallet(page, sessionInvestor);
  await expect(page.getByTestId("player-xp")).toBeVisible();
  expect(await sessionStatus(page, stack)).toBe(200);

  await menu.getByTestId("disconnect").click();
  await expect.poll(() => sessionStatus(page, stack)).toBe(401);
  await expect(page.getByTestId("player-xp")).toHaveCount(0);

  menu = await signInWithDevWallet(page, sessionInvestor);
  await expect(page.getByTestId("player-xp")).toBeVisible();
  await menu.getByTestId("dev-account").selectOption(String(switchedTo));
  await expect(menu.getByTestId("account-changed")).toBeVisible();
  await expect(menu.getByTestId("sign-in")).toBeVisible();
  await expect.poll(() => sessionStatus(page, stack)).toBe(401);
  await expect(page.getByTestId("player-xp")).toHaveCount(0);
});

test("an injected EIP-6963 wallet is listed by its own name and icon and buys a seed", async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  const { contracts, publicClient, send } = chainTools(stack);
  const investor = accountOf(injectedInvestor);
  await verifyInvestorWallet(stack, injectedInvestor);
  await acceptRiskStatement(stack, injectedInvestor);
  const amount = 500n * ONE_GOLD;
  const tokenId = await listSeed(stack, amount);
  await send(investor, contracts.goldFaucet, goldFaucetAbi, "claim");
  await injectWallet(page, {
    rpcUrl: stack.chain.rpcUrl,
    account: investor.address,
    chainId: stack.chain.chainId,
  });

  await page.goto(stack.investorAppUrl);
  await page.getByTestId("tour-skip").click();
  const menu = await openAccountMenu(page);
  const walletButton = menu.locator(
    `[data-testid="connect-announced"][data-rdns="${injectedWalletInfo.rdns}"]`,
  );
  await expect(walletButton).toHaveText(injectedWalletInfo.name);
  await expect(walletButton.locator("img")).toHaveAttribute("src", injectedWalletInfo.icon);
  await walletButton.click();
  await menu.getByTestId("sign-in").click();
  await expect(menu.getByTestId("sign-out")).toBeVisible();
  await menu.locator("summary").click();

  await page.getByRole("link", { name: "Shop" }).first().click();
  const card = page.locator(`[data-testid="seed-card"][data-token-id="${tokenId}"]`);
  await card.getByTestId("seed-buy-toggle").click();
  await card.getByLabel("Amount to invest").fill("500");
  await card.getByTestId("buy-submit").click();
  await page.getByTestId("gold-check-confirm").click();
  await expect(page.getByTestId("buy-done")).toBeVisible();
  const shares = await publicClient.readContract({
    address: contracts.farmNft,
    abi: farmNftAbi,
    functionName: "balanceOf",
    args: [investor.address, tokenId],
  });
  expect(shares).toBe(amount);
});

const investorRoutes = [
  "/",
  "/shop",
  "/farm",
  "/market",
  "/leaderboard",
  "/profile",
  "/almanac",
  "/neighbours",
] as const;
const portalRoutes = ["/", "/register-farm", "/invoices", "/admin"] as const;

/**
 * The admin's settle flow, last (it moves the chain's clock): an invoice funded, past maturity and grace, marked
 * defaulted; the admin page with it awaiting settlement, then its settle confirmation open, in both languages.
 */
async function shootSettleFlow(
  stack: Stack,
  portal: Page,
  shoot: (page: Page, app: string, name: string) => Promise<void>,
) {
  const chain = chainTools(stack);
  const { contracts, send } = chain;
  const admin = accountOf(wallets.admin);
  const principal = 2_500n * ONE_GOLD;
  const tokenId = await listSeed(stack, principal, 40, 7);
  // The admin's own wallet funds it with GOLD it mints locally: no journey account or faucet cooldown is spent.
  await verifyInvestorWallet(stack, wallets.admin);
  await send(admin, contracts.goldToken, goldTokenAbi, "mint", [admin.address, principal]);
  await send(admin, contracts.goldToken, goldTokenAbi, "approve", [contracts.farmNft, principal]);
  await send(admin, contracts.farmNft, farmNftAbi, "invest", [tokenId, principal]);
  await advanceChainTime(stack, 7 * 86_400 + Number(await chain.graceSeconds(tokenId)) + 3_600);
  await send(admin, contracts.farmNft, farmNftAbi, "markDefaulted", [tokenId]);
  await indexedInvoice(stack, tokenId, "defaulted");
  // Inside the recovery window the row says from when it can be settled; settlement is offered once it has passed.
  await portal.goto(`${stack.farmerPortalUrl}/admin`);
  await expect(portal.getByTestId(`settleable-${tokenId}`)).toBeVisible({ timeout: 30_000 });
  await shoot(portal, "farmer-portal", "admin-defaulted-recovery-window");
  await advanceChainTime(stack, 30 * 86_400 + 60);
  for (const language of ["en", "id"] as const) {
    await portal.goto(`${stack.farmerPortalUrl}/admin`);
    await portal.getByTestId("language-switch").selectOption(language);
    const row = portal.getByTestId(`defaulted-${tokenId}`);
    await expect(row.getByTestId(`settle-default-${tokenId}`)).toBeVisible({ timeout: 30_000 });
    await shoot(portal, "farmer-portal", `admin-defaulted-${language}`);
    await row.getByTestId(`settle-default-${tokenId}`).click();
    await expect(row.locator("textarea")).toBeVisible();
    await expect(row.getByTestId(`confirm-settle-${tokenId}`)).toBeVisible();
    await shoot(portal, "farmer-portal", `admin-settle-confirm-${language}`);
  }
  await portal.getByTestId("language-switch").selectOption("en");
}

/** Wider than the viewport means a sideways scroll bar: the layout did not hold at this width. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("every route of both apps at 360, 390, 768, 1280 and 1440 px: screenshots, nothing cut off or overlapping", async ({
  browser,
  stack,
}) => {
  test.setTimeout(480_000);
  const { mkdirSync } = await import("node:fs");
  const { join } = await import("node:path");
  const dir = join(import.meta.dirname, "..", "screenshots");
  mkdirSync(dir, { recursive: true });
  const problems: string[] = [];
  const favicons: number[] = [];
  /** Screenshots the page as it is at each width and lists whatever a person could not read whole there. */
  const shoot = async (page: Page, app: string, name: string, prepare?: () => Promise<void>) => {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await prepare?.();
      await page.screenshot({ path: join(dir, `${app}-${name}-${width}.png`), fullPage: true });
      const wider = await overflow(page);
      if (wider > 1) problems.push(`${app} ${name} at ${width}px is ${wider}px too wide`);
      for (const problem of await layoutProblems(page))
        problems.push(`${app} ${name} at ${width}px: ${problem}`);
    }
  };
  const routeName = (route: string) => (route === "/" ? "home" : route.slice(1));

  const investor = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  investor.on("response", (response) => {
    if (response.url().includes("favicon")) favicons.push(response.status());
  });
  await investor.goto(stack.investorAppUrl);
  await investor.getByTestId("tour-skip").click();
  await signInWithDevWallet(investor, wallets.demoInvestor);
  await investor.getByTestId("account-menu").locator("summary").click();
  // The longest name the profile allows, in its widest letters: the boards must cut it, not run it into the XP.
  const rename = (displayName: string) =>
    investor.request.patch(`${stack.investorAppUrl}/api/user/profile`, {
      data: { displayName },
      headers: { origin: stack.investorAppUrl },
    });
  expect((await rename("sari_WWWWWWWWWWWWWWW")).status()).toBe(200);
  for (const route of investorRoutes) {
    await investor.goto(`${stack.investorAppUrl}${route}`);
    await expect(investor.locator("main h1").first()).toBeVisible();
    if (route === "/leaderboard") await expect(investor.getByTestId("season-board")).toBeVisible();
    await shoot(investor, "investor-app", routeName(route));
  }
  // A neighbour's public garden (the demo seed makes one public), as a visitor from the leaderboard sees it.
  const board = (await (await investor.request.get(`${stack.investorAppUrl}/api/leaderboard`)).json()) as {
    entries: { garden?: string | null }[];
  };
  const slug = board.entries.find((entry) => entry.garden)?.garden;
  expect(slug, "a public garden on the demo leaderboard").toBeTruthy();
  await investor.goto(`${stack.investorAppUrl}/gardens/${slug}`);
  await expect(investor.locator("main h1").first()).toBeVisible();
  await shoot(investor, "investor-app", "neighbour-garden");
  // Every investor page again in Indonesian (the longest labels), as a farmer or lender there reads it on a phone.
  await investor.getByTestId("language-switch").selectOption("id");
  for (const route of [...investorRoutes, `/gardens/${slug}`]) {
    await investor.goto(`${stack.investorAppUrl}${route}`);
    await expect(investor.locator("main h1").first()).toBeVisible();
    expect(await investor.evaluate(() => document.documentElement.lang)).toBe("id");
    const name = route.startsWith("/gardens/") ? "neighbour-garden" : routeName(route);
    await shoot(investor, "investor-app", `${name}-id`);
  }
  // The connected wallet and faucet menu, open, in both languages (Indonesian has the longest labels).
  for (const language of ["en", "id"] as const) {
    await investor.goto(stack.investorAppUrl);
    await investor.getByTestId("language-switch").selectOption(language);
    await expect(investor.getByTestId("gold-balance")).toBeVisible();
    await openAccountMenu(investor);
    await expect(investor.getByTestId("faucet-claim")).toBeVisible();
    await shoot(investor, "investor-app", `wallet-menu-${language}`);
  }
  await investor.getByTestId("language-switch").selectOption("en");
  expect((await rename("sari_tani")).status()).toBe(200);
  await investor.context().close();

  const portal = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  portal.on("response", (response) => {
    if (response.url().includes("favicon")) favicons.push(response.status());
  });
  await portal.goto(`${stack.farmerPortalUrl}/admin`);
  const gate = portal.locator("main");
  await gate.getByTestId("dev-account").selectOption(String(wallets.admin));
  await gate.getByTestId("connect-dev-wallet").click();
  await gate.getByTestId("sign-in").click();
  await expect(gate.getByTestId("sign-in")).toHaveCount(0);
  // Connected and signed in, the portal header stays one line from 768 px up (the wallet behind a menu) and two
  // compact rows on a phone.
  const header = portal.locator("header").first();
  for (const route of portalRoutes) {
    await portal.goto(`${stack.farmerPortalUrl}${route}`);
    await expect(portal.locator("main h1").first()).toBeVisible();
    await shoot(portal, "farmer-portal", routeName(route));
    for (const [width, most] of [
      [360, 120],
      [390, 120],
      [768, 80],
      [1280, 80],
    ] as const) {
      await portal.setViewportSize({ width, height: 800 });
      const height = (await header.boundingBox())?.height ?? 0;
      if (height > most) problems.push(`farmer-portal ${route} header at ${width}px is ${height}px high`);
    }
  }
  for (const language of ["en", "id"] as const) {
    await portal.goto(`${stack.farmerPortalUrl}/invoices`);
    await portal.getByTestId("language-switch").selectOption(language);
    const menu = portal.getByTestId("wallet-menu");
    if ((await menu.getAttribute("open")) === null) await menu.locator("summary").click();
    await expect(menu.getByTestId("sign-out")).toBeVisible();
    await shoot(portal, "farmer-portal", `wallet-menu-${language}`);
  }
  await portal.getByTestId("language-switch").selectOption("en");
  await shootSettleFlow(stack, portal, shoot);
  await portal.context().close();

  expect(problems).toEqual([]);
  expect(favicons.filter((status) => status >= 400)).toEqual([]);
});
