import { farmNftAbi, goldTokenAbi } from "@farm/contracts";
import { harvestPayout, lateFee, parseGold, totalDue } from "@farm/core";
import type { Stack } from "@farm/scripts/stack";
import type { Browser, Page } from "@playwright/test";
import {
  approvedFarmerWithInvoice,
  chainTools,
  indexedInvoice,
  verifyInvestorWallet,
} from "../fixtures/platform";
import { accountOf } from "../fixtures/portal";
import { advanceChainTime, expect, test, wallets } from "../fixtures/stack";

/**
 * Issue 25's default journey, in Indonesian on a 390 px phone: the admin marks an overdue invoice defaulted (asked
 * first, with a reason), the farmer repays it late from the portal, the admin settles the default once its recovery
 * window has passed (asked first, naming the amounts, with a reason), and the investor claims the whole recovery in the investor app, to the wei the chain
 * pays. Its own wallets: #15 the farmer (registered here; elsewhere only a buyer paying by script) and #7 the investor.
 */
const farmerIndex = 15;
const investorIndex = 7;
const phone = { width: 390, height: 844 };

/** A new phone-sized browser context in Indonesian, signed in as dev account `index` through the page's gate. */
async function signInPhone(browser: Browser, url: string, index: number): Promise<Page> {
  const page = await browser.newPage({ viewport: phone });
  await page.addInitScript(() => localStorage.setItem("farm.language", "id"));
  await page.goto(url);
  const gate = page.locator("main");
  await gate.getByTestId("dev-account").selectOption(String(index));
  await gate.getByTestId("connect-dev-wallet").click();
  await gate.getByTestId("sign-in").click();
  await expect(gate.getByTestId("sign-in")).toHaveCount(0);
  return page;
}

async function goldOf(stack: Stack, index: number): Promise<bigint> {
  const { publicClient, contracts } = chainTools(stack);
  return publicClient.readContract({
    address: contracts.goldToken,
    abi: goldTokenAbi,
    functionName: "balanceOf",
    args: [accountOf(index).address],
  });
}

test("an admin marks a default with a reason, the farmer repays late, the admin settles, the investor claims it all", async ({
  browser,
  stack,
}) => {
  test.setTimeout(240_000);
  const chain = chainTools(stack);
  const { contracts, send } = chain;
  const admin = accountOf(wallets.admin);
  const amount = parseGold("3500");
  const yieldBps = 40;
  const tenorDays = 7;
  const tokenId = await approvedFarmerWithInvoice(
    stack,
    farmerIndex,
    { fullName: "Wayan Sudarsana", businessName: "Subak Wayan Tabanan" },
    {
      invoiceNumber: "INV-E2E-SETTLE-1",
      buyerName: "PT Beras Bali",
      amount: amount.toString(),
      yieldBps,
      tenorDays,
    },
  );
  // The investor funds it whole (GOLD minted by the local admin, so no faucet cooldown is spent).
  const investor = accountOf(investorIndex);
  await verifyInvestorWallet(stack, investorIndex);
  await send(admin, contracts.farmNft, farmNftAbi, "approveInvoice", [tokenId]);
  await send(admin, contracts.goldToken, goldTokenAbi, "mint", [investor.address, amount]);
  await send(investor, contracts.goldToken, goldTokenAbi, "approve", [contracts.farmNft, amount]);
  await send(investor, contracts.farmNft, farmNftAbi, "invest", [tokenId, amount]);
  await indexedInvoice(stack, tokenId, "funded");
  // Nobody pays by maturity and the grace period: the chain's clock moves past both.
  const graceSeconds = Number(await chain.graceSeconds(tokenId));
  await advanceChainTime(stack, tenorDays * 86_400 + graceSeconds + 3_600);
  // What is due is fixed at the default: principal, 14 GOLD of fee and the late fee of the grace days (decision
  // 0057: 0.4 % over 7 days is 2 GOLD a day on 3,500, so 60 GOLD over the default 30 days of grace).
  const late = lateFee(amount, yieldBps, tenorDays, BigInt(graceSeconds / 86_400));
  expect(late).toBe(parseGold("60"));
  const due = totalDue(amount, yieldBps, late);

  // The admin declares the default, asked first with a required reason.
  const adminPage = await signInPhone(browser, `${stack.farmerPortalUrl}/admin`, wallets.admin);
  const overdue = adminPage.getByTestId(`overdue-${tokenId}`);
  await expect(overdue).toContainText("INV-E2E-SETTLE-1");
  await expect(overdue).toContainText("3.500 GOLD");
  await overdue.getByTestId(`mark-defaulted-${tokenId}`).click();
  await expect(overdue).toContainText(
    `Nyatakan faktur #${tokenId} INV-E2E-SETTLE-1 (3.500 GOLD, 0 GOLD sudah dibayar)`,
  );
  await overdue.getByTestId(`confirm-default-${tokenId}`).click();
  await expect(overdue).toContainText("Tulis alasan");
  expect(await chain.statusOnChain(tokenId)).toBe("funded");
  const defaultReason = "Tidak dibayar setelah masa tenggang; pembeli tidak menjawab";
  await overdue.locator("textarea").fill(defaultReason);
  await overdue.getByTestId(`confirm-default-${tokenId}`).click();
  await expect(
    adminPage.getByTestId("toast").filter({ hasText: `Faktur #${tokenId} ditandai gagal bayar di chain.` }),
  ).toBeVisible({ timeout: 30_000 });
  expect(await chain.statusOnChain(tokenId)).toBe("defaulted");
  const defaultDecision = adminPage.locator(
    `[data-testid="invoice-decision"][data-token-id="${tokenId}"][data-action="default"]`,
  );
  await expect(defaultDecision).toContainText(defaultReason);
  await expect(defaultDecision).toHaveAttribute("data-tx-hash", /^0x[0-9a-f]{64}$/);
  await indexedInvoice(stack, tokenId, "defaulted");

  // The farmer repays late, all of it, from the portal (the principal it received, plus fee and late fee minted here).
  await send(admin, contracts.goldToken, goldTokenAbi, "mint", [
    accountOf(farmerIndex).address,
    due - amount,
  ]);
  const farmerPage = await signInPhone(browser, `${stack.farmerPortalUrl}/invoices`, farmerIndex);
  const row = farmerPage.getByTestId(`invoice-${tokenId}`);
  await expect(row).toHaveAttribute("data-state", "defaulted", { timeout: 30_000 });
  await expect(row.getByTestId(`due-${tokenId}`)).toHaveAttribute("data-base-units", due.toString());
  await row.getByTestId(`repay-${tokenId}`).click();
  // Checked before it is sent: the amount due in Indonesian figures.
  await expect(farmerPage.getByTestId("gold-check-amount")).toHaveText("3.574 GOLD");
  await farmerPage.getByTestId("gold-check-confirm").click();
  await expect(row.getByTestId(`repaid-so-far-${tokenId}`)).toContainText("3.574", { timeout: 30_000 });
  // The box reads the repayment from the chain; the index follows a few blocks later.
  await expect
    .poll(async () => (await indexedInvoice(stack, tokenId, "defaulted")).repaid)
    .toBe(due.toString());

  // The admin sees what was repaid since the default, and settles, asked first with the amounts and a reason.
  await adminPage.reload();
  const defaulted = adminPage.getByTestId(`defaulted-${tokenId}`);
  await expect(defaulted.getByTestId(`repaid-since-${tokenId}`)).toContainText("3.574 GOLD", {
    timeout: 30_000,
  });
  // Settlement waits for the recovery window after the default (30 days by default), on the chain's clock.
  await expect(defaulted.getByTestId(`settleable-${tokenId}`)).toContainText("Dapat diselesaikan mulai");
  await expect(defaulted.getByTestId(`settle-default-${tokenId}`)).toHaveCount(0);
  await advanceChainTime(stack, 30 * 86_400 + 60);
  await expect(defaulted.getByTestId(`settle-default-${tokenId}`)).toBeVisible({ timeout: 30_000 });
  await defaulted.getByTestId(`settle-default-${tokenId}`).click();
  await expect(defaulted).toContainText(
    `Selesaikan gagal bayar faktur #${tokenId} INV-E2E-SETTLE-1 (3.500 GOLD)? Pemegang berbagi 3.500 GOLD pokok dan 74 GOLD biaya`,
  );
  await defaulted.getByTestId(`confirm-settle-${tokenId}`).click();
  await expect(defaulted).toContainText("Tulis alasan");
  const settleReason = "Petani melunasi seluruhnya setelah gagal bayar";
  await defaulted.locator("textarea").fill(settleReason);
  await defaulted.getByTestId(`confirm-settle-${tokenId}`).click();
  await expect(
    adminPage.getByTestId("toast").filter({
      hasText: `Gagal bayar faktur #${tokenId} diselesaikan: pemegangnya dapat mengklaim 3.574 GOLD.`,
    }),
  ).toBeVisible({ timeout: 30_000 });
  expect(await chain.statusOnChain(tokenId)).toBe("settled");
  await expect(
    adminPage.locator(`[data-testid="invoice-decision"][data-token-id="${tokenId}"][data-action="settle"]`),
  ).toContainText(settleReason);
  await indexedInvoice(stack, tokenId, "settled");

  // The investor claims the recovery in the investor app: everything repaid, to the wei.
  const expected = harvestPayout({
    status: "settled",
    shares: amount,
    redeemedBefore: 0n,
    yieldBps,
    funded: amount,
    amount,
    repaid: due,
  });
  const expectedTotal = expected.principal + expected.yield;
  expect(expectedTotal).toBe(due);
  const investorPage = await browser.newPage({ viewport: phone });
  await investorPage.addInitScript(() => localStorage.setItem("farm.language", "id"));
  await investorPage.goto(`${stack.investorAppUrl}/farm`);
  await investorPage.getByTestId("tour-skip").click();
  const menu = investorPage.getByTestId("account-menu");
  await menu.locator("summary").click();
  await menu.getByTestId("dev-account").selectOption(String(investorIndex));
  await menu.getByTestId("connect-dev-wallet").click();
  await menu.getByTestId("sign-in").click();
  await expect(menu.getByTestId("sign-out")).toBeVisible();
  await investorPage.locator(`[data-testid="garden-plot"][data-crop-id="${tokenId}"]`).click();
  await expect(investorPage.getByTestId("crop-stage")).toHaveAttribute("data-state", "withered");
  const claim = investorPage.getByTestId("harvest-button");
  await expect(claim).toHaveAttribute("data-action", "claimRecovery");
  await expect(investorPage.getByTestId("crop-payout")).toHaveAttribute(
    "data-base-units",
    expectedTotal.toString(),
  );
  const before = await goldOf(stack, investorIndex);
  await claim.click();
  await expect(investorPage.getByTestId("harvest-result")).toHaveAttribute(
    "data-base-units",
    expectedTotal.toString(),
    { timeout: 30_000 },
  );
  expect(await goldOf(stack, investorIndex)).toBe(before + expectedTotal);
  await Promise.all([adminPage, farmerPage, investorPage].map((page) => page.context().close()));
});
