import { demoPng } from "@farm/scripts/demo-documents";
import type { Stack } from "@farm/scripts/stack";
import { anvilKeys } from "@farm/testkit";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { approvedDemoSeed, goldOnChain, openAccountMenu } from "../fixtures/platform";
import { expect, test, watchRequests } from "../fixtures/portal";
import { screenshotAt } from "../fixtures/screenshots";
import { wallets } from "../fixtures/stack";

/**
 * Issue 29 end to end: a fresh dev-wallet account is refused at the buy panel, verifies through /verify, an admin
 * approves it in the portal (the operator writes its credential on chain), it accepts the risk statement, buys, and is
 * refused beyond its limit; the farmer's invoice form refuses a fee above the cap before sending.
 * Anvil #18 only ever types invalid inputs in farmer-portal.spec.ts (it never registers, submits or invests), so it is
 * still a fresh, unverified wallet here; every other account of the twenty already belongs to a journey.
 */
const investorIndex = 18;
const ONE_GOLD = 10n ** 18n;
// Rp16.000.000 a year, retail: 10 % = Rp1.600.000 = 100 GOLD at the local stack's Rp16.000 per GOLD.
const declaredIncome = "16,000,000";
const limit = 100n * ONE_GOLD;
const firstPurchase = 60n;
const tenorDays = 30;
// 0.067 % a day x 30 days = 2.01 %: the most the cap allows for the term.
const yieldBps = 200;

/** The demo farmer submits an invoice within the fee cap and the admin approves it on chain; returns its token id. */
async function listSeed(stack: Stack): Promise<bigint> {
  return approvedDemoSeed(stack, {
    invoiceNumber: `E2E-VERIFY-${Date.now()}`,
    buyerName: "PT Pasar Induk Caringin",
    amount: (1_000n * ONE_GOLD).toString(),
    yieldBps,
    tenorDays,
    fundingDays: 7,
  });
}

test("a fresh wallet is refused, verifies, is approved by the admin, accepts the risks, buys and is capped at its limit", async ({
  page,
  signInAs,
  stack,
}) => {
  test.setTimeout(240_000);
  const investor = privateKeyToAccount(anvilKeys[investorIndex] as Hex).address;
  const tokenId = await listSeed(stack);
  await page.setViewportSize({ width: 390, height: 844 });

  // A fresh dev-wallet account signs in and claims GOLD.
  await page.goto(stack.investorAppUrl);
  await page.getByTestId("tour-skip").click();
  const menu = await openAccountMenu(page);
  await menu.getByTestId("dev-account").selectOption(String(investorIndex));
  await menu.getByTestId("connect-dev-wallet").click();
  await menu.getByTestId("sign-in").click();
  await expect(menu.getByTestId("sign-out")).toBeVisible();
  await menu.getByTestId("faucet-claim").click();
  await expect(menu.getByTestId("tx-progress")).toHaveAttribute("data-status", "confirmed");
  await menu.locator("summary").click();
  const claimed = await goldOnChain(stack, investor);

  // The shop shows the daily rate beside the term yield; the buy panel is locked for an unverified wallet.
  await page.getByRole("link", { name: "Shop" }).first().click();
  const card = page.locator(`[data-testid="seed-card"][data-token-id="${tokenId}"]`);
  await expect(card.getByTestId("seed-daily-rate")).toHaveText("0.067 % a day");
  await card.getByTestId("seed-buy-toggle").click();
  await expect(card.getByTestId("buy-lock")).toHaveAttribute("data-blocked-by", "unverified");
  await expect(card.getByTestId("buy-submit")).toHaveCount(0);
  await card.getByTestId("buy-lock-verify").click();

  // /verify at 390 px: the NIK counts its digits, the income shows the limit it gives, the KTP is checked.
  const form = page.getByTestId("verify-form");
  await form.getByLabel(/^Full name/).fill("Rina Wulandari");
  await form.getByLabel(/^NIK/).fill("3273015707920004");
  await expect(page.locator("#verify-nik-hint")).toContainText("16 of 16 digits");
  await form.getByLabel(/^Date of birth/).fill("1992-07-17");
  await form.getByLabel(/^Declared annual income/).fill(declaredIncome);
  await expect(page.locator("#verify-income-hint")).toHaveText(
    "This gives a limit of 100 GOLD (Rp1,600,000): 10 % of Rp16,000,000, the most you may have lent out at any time.",
  );
  await form.getByLabel(/Photo or scan of your KTP/).setInputFiles({
    name: "ktp.png",
    mimeType: "image/png",
    buffer: Buffer.from(demoPng()),
  });
  await screenshotAt(page, "investor-app", "verify", "phone");
  await form.getByTestId("verify-submit").click();
  await expect(page.getByTestId("verification-status")).toHaveAttribute("data-state", "pending");
  await expect(page.getByTestId("verify-form")).toHaveCount(0);

  // An admin approves it in the portal's investors' queue; the credential is written on chain.
  const admin = await signInAs(`${stack.farmerPortalUrl}/admin`, wallets.admin);
  const pending = admin.locator(
    `[data-testid="investor-card"][data-wallet="${investor}"][data-status="pending"]`,
  );
  await expect(pending.getByRole("heading")).toHaveText("Rina Wulandari · retail lender");
  await expect(pending).toContainText("Rp16,000,000");
  await screenshotAt(admin, "farmer-portal", "admin-investors", "phone");
  await admin.setViewportSize({ width: 1280, height: 800 });
  await pending.getByTestId("approve-investor").click();
  await pending.getByTestId("confirm-approve-investor").click();
  await expect(pending).toHaveCount(0, { timeout: 30_000 });
  await expect(
    admin.locator(`[data-testid="investor-card"][data-wallet="${investor}"][data-status="approved"]`),
  ).toBeVisible();

  // Approved: the limit shows, and the risk statement waits to be accepted.
  await page.reload();
  await expect(page.getByTestId("verification-status")).toHaveAttribute("data-state", "approved", {
    timeout: 30_000,
  });
  await expect(page.getByTestId("limit-limit")).toHaveAttribute("data-base-units", limit.toString());
  await expect(page.getByTestId("risk-statement")).toContainText("you bear this credit risk");
  await screenshotAt(page, "investor-app", "verify-approved", "phone");

  // The buy panel now asks for the risk statement itself; accepting it opens the purchase form.
  await page.getByRole("link", { name: "Shop" }).first().click();
  await card.getByTestId("seed-buy-toggle").click();
  await expect(card.getByTestId("buy-lock")).toHaveAttribute("data-blocked-by", "risk-statement");
  await card.getByTestId("risk-accept").click();
  await card.getByLabel("Amount to invest").fill(firstPurchase.toString());
  await card.getByTestId("buy-submit").click();
  await page.getByTestId("gold-check-confirm").click();
  await expect(page.getByTestId("buy-done")).toBeVisible();
  expect(await goldOnChain(stack, investor)).toBe(claimed - firstPurchase * ONE_GOLD);

  // Beyond the limit: refused in the panel (still open), with what is left; "Max" offers exactly that.
  const amount = card.getByLabel("Amount to invest");
  await amount.fill("41");
  await card.getByTestId("buy-submit").click();
  await expect(card.getByRole("alert")).toHaveText(
    "Above your limit: you can lend at most 40 GOLD more (limit 100 GOLD).",
  );
  await expect(page.getByTestId("gold-check-confirm")).toHaveCount(0);
  await card.getByRole("button", { name: "Max" }).click();
  await expect(amount).toHaveValue("40");
});

test("the farmer's invoice form refuses a yield above the fee cap before sending", async ({
  signInAs,
  stack,
}) => {
  const invoices = watchRequests("POST", "/api/invoices");
  const farmer = await signInAs(`${stack.farmerPortalUrl}/invoices`, wallets.demoFarmer, invoices.watch);
  await farmer.getByLabel(/^Term/).fill("30");
  await expect(farmer.locator("#yieldPercent-hint")).toHaveText(
    "At most 2.01 % for 30 days: the platform caps what a farmer pays at 0.067 % a day.",
  );
  await farmer.getByLabel(/^Yield for the whole term/).fill("6");
  await farmer.getByTestId("submit-invoice").click();
  await expect(farmer.locator("#yieldPercent-error")).toHaveText(
    "Above the fee cap: for 30 days the yield may be at most 2.01 %. Lower the yield or lengthen the term.",
  );
  expect(invoices.seen).toEqual([]);
});
