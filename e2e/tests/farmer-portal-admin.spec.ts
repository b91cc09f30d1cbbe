import { parseGold } from "@farm/core";
import { layoutProblems } from "../fixtures/layout-check";
import {
  apiSignIn,
  approveAndFund,
  approvedFarmerWithInvoice,
  chainTools,
  indexedInvoice,
  registerFarmer,
} from "../fixtures/platform";
import { accountOf, expect, test, watchRequests } from "../fixtures/portal";
import { layoutWidths } from "../fixtures/screenshots";
import { advanceChainTime, wallets } from "../fixtures/stack";

/**
 * The admin's negative decisions in the farmer portal, each on its own fresh farmer (farmer journeys count down from
 * #19; #17 funds the repayment journey's invoice, #15 is the investor journeys' buyer) set up through the API, so
 * none depends on another journey: a KYC rejection, an invoice rejected on chain, a funded invoice marked defaulted.
 */
const kycRejectedFarmer = 16;
const invoiceRejectedFarmer = 14;
const defaultedFarmer = 13;
/** Funds the invoice that defaults (investor journeys count up from #5). */
const defaultedInvestor = 7;

test("an admin rejects a farmer's KYC naming the refused document, and the farmer sees the reason and what to resend", async ({
  signInAs,
  stack,
}) => {
  const reason = "The KTP photo is unreadable; please upload a sharper scan.";
  const farmerAddress = accountOf(kycRejectedFarmer).address;
  const { farmerId } = await registerFarmer(stack, kycRejectedFarmer, {
    fullName: "Dewi Lestari",
    businessName: "Kebun Dewi Ciparay",
  });

  const rejections = watchRequests("POST", `/api/admin/farmers/${farmerId}/reject`);
  const admin = await signInAs(`${stack.farmerPortalUrl}/admin`, wallets.admin, rejections.watch);
  const card = admin.locator(`[data-testid="kyc-farmer"][data-wallet="${farmerAddress}"]`);
  await expect(card.getByRole("heading")).toHaveText("Dewi Lestari · Kebun Dewi Ciparay");
  await card.getByRole("button", { name: "Reject…" }).click();
  // A rejection without a reason is refused in the page: the farmer must learn what to fix.
  await card.getByRole("button", { name: "Reject with this reason" }).click();
  await expect(card.getByText("Please write a reason of at least 3 characters.")).toBeVisible();
  expect(rejections.seen).toEqual([]);
  // Ticking what is refused: the farmer's next registration asks again for the KTP only.
  await card.getByTestId("refuse-ktp").check();
  // Twenty-two choices and the reason fit every width, nothing cut off or overlapping.
  for (const width of layoutWidths) {
    await admin.setViewportSize({ width, height: 800 });
    expect(await layoutProblems(admin), `the KYC rejection form at ${width}px`).toEqual([]);
  }
  await admin.setViewportSize({ width: 1280, height: 800 });
  await card.getByLabel(/Reason/).fill(reason);
  const answer = admin.waitForResponse((response) => response.url().endsWith(`/farmers/${farmerId}/reject`));
  await card.getByRole("button", { name: "Reject with this reason" }).click();
  expect((await answer).status()).toBe(200);
  await expect(card).toHaveCount(0);

  const farmerCookie = await apiSignIn(stack, kycRejectedFarmer);
  const me = await fetch(`${stack.apiUrl}/api/farmers/me`, { headers: { cookie: farmerCookie } });
  expect(await me.json()).toMatchObject({
    status: "rejected",
    rejectionReason: reason,
    refused: { documents: ["ktp"], fields: [] },
  });

  const farmer = await signInAs(`${stack.farmerPortalUrl}/register-farm`, kycRejectedFarmer);
  const status = farmer.getByTestId("registration-status");
  await expect(status.getByTestId("registration-status-value")).toHaveAttribute("data-status", "rejected");
  await expect(status.getByTestId("registration-status-value")).toHaveText("Rejected");
  await expect(status.getByRole("alert")).toHaveText(
    `Your registration was not approved. Reason: ${reason} Refused: KTP (identity card).`,
  );
  await status.getByRole("button", { name: "Register again" }).click();
  await expect(farmer.getByRole("group", { name: "Personal information" })).toBeVisible();
  await expect(farmer.getByLabel(/Full name/)).toHaveValue("Dewi Lestari");
});

test("an admin rejects a pending invoice on chain; it leaves the queue and the farmer sees why", async ({
  signInAs,
  stack,
}) => {
  const reason = "The buyer denies this delivery";
  const tokenId = await approvedFarmerWithInvoice(
    stack,
    invoiceRejectedFarmer,
    { fullName: "Agus Salim", businessName: "Tani Agus Majalaya" },
    {
      invoiceNumber: "INV-E2E-REJ-1",
      buyerName: "PT Beras Nusantara",
      amount: parseGold("1800").toString(),
      tenorDays: 30,
    },
  );

  const admin = await signInAs(`${stack.farmerPortalUrl}/admin`, wallets.admin);
  const row = admin.getByTestId(`pending-invoice-${tokenId}`);
  await expect(row).toContainText("INV-E2E-REJ-1");
  await expect(row).toContainText("PT Beras Nusantara");
  await expect(row).toContainText("1,800 GOLD");
  await row.getByRole("button", { name: "Reject…" }).click();
  await row.getByRole("button", { name: "Reject on chain" }).click();
  await expect(row.getByText("Please write a reason of at least 3 characters.")).toBeVisible();
  await row.getByLabel(/Reason/).fill(reason);
  await row.getByRole("button", { name: "Reject on chain" }).click();
  await expect(
    admin.getByTestId("toast").filter({ hasText: `Invoice #${tokenId} rejected on chain` }),
  ).toBeVisible({
    timeout: 30_000,
  });
  // The row leaves the queue once the transaction is mined and the queue is read again from the chain.
  await expect(row).toHaveCount(0, { timeout: 30_000 });
  expect(await chainTools(stack).statusOnChain(tokenId)).toBe("rejected");
  expect(await indexedInvoice(stack, tokenId, "rejected", wallets.admin)).toMatchObject({
    rejectionReason: reason,
  });
  // The decision is kept in the history with who gave it and why.
  const decision = admin.locator(`[data-testid="invoice-decision"][data-token-id="${tokenId}"]`);
  await expect(decision).toHaveAttribute("data-action", "reject");
  await expect(decision).toContainText(reason);

  const farmer = await signInAs(`${stack.farmerPortalUrl}/invoices`, invoiceRejectedFarmer);
  const invoice = farmer.getByTestId(`invoice-${tokenId}`);
  await expect(invoice).toHaveAttribute("data-status", "rejected");
  await expect(invoice).toContainText("INV-E2E-REJ-1");
  await expect(invoice).toContainText(`Rejected ${reason}`);
});

test("an admin marks a funded invoice unpaid past maturity and grace as defaulted; the farmer sees it defaulted", async ({
  signInAs,
  stack,
}) => {
  const chain = chainTools(stack);
  const amount = parseGold("1200");
  const tenorDays = 7;
  const tokenId = await approvedFarmerWithInvoice(
    stack,
    defaultedFarmer,
    { fullName: "Rudi Hartono", businessName: "Sayur Rudi Pangalengan" },
    { invoiceNumber: "INV-E2E-DEF-1", buyerName: "CV Sayur Segar", amount: amount.toString(), tenorDays },
  );
  await approveAndFund(stack, tokenId, defaultedInvestor, amount);
  await indexedInvoice(stack, tokenId, "funded");

  // Nobody repays: the chain's clock passes maturity and the grace period.
  const grace = await chain.graceSeconds(tokenId);
  await advanceChainTime(stack, tenorDays * 86_400 + Number(grace) + 3_600);

  const admin = await signInAs(`${stack.farmerPortalUrl}/admin`, wallets.admin);
  const overdue = admin.getByTestId(`overdue-${tokenId}`);
  await expect(overdue).toContainText("INV-E2E-DEF-1");
  await expect(overdue).toContainText("1,200 GOLD");
  // Declaring a default cannot be undone: the page asks first, naming the invoice, and wants a reason.
  await overdue.getByRole("button", { name: "Mark defaulted" }).click();
  await expect(overdue).toContainText(
    `Declare invoice #${tokenId} INV-E2E-DEF-1 (1,200 GOLD, 0 GOLD repaid)`,
  );
  await overdue.getByRole("button", { name: "Mark defaulted on chain" }).click();
  await expect(overdue.getByText("Please write a reason of at least 3 characters.")).toBeVisible();
  expect(await chain.statusOnChain(tokenId)).toBe("funded");
  const reason = "Unpaid past the grace period; the buyer does not answer";
  await overdue.getByLabel(/Reason/).fill(reason);
  await overdue.getByRole("button", { name: "Mark defaulted on chain" }).click();
  await expect(
    admin.getByTestId("toast").filter({ hasText: `Invoice #${tokenId} marked defaulted on chain.` }),
  ).toBeVisible({ timeout: 30_000 });
  expect(await chain.statusOnChain(tokenId)).toBe("defaulted");
  // Recorded from the mined transaction, with the reason.
  await expect(
    admin.locator(`[data-testid="invoice-decision"][data-token-id="${tokenId}"][data-action="default"]`),
  ).toContainText(reason);
  expect(await indexedInvoice(stack, tokenId, "defaulted")).toMatchObject({ repaid: "0" });
  // The overdue list is read from the index: the invoice leaves it at the list's next read.
  await expect(overdue).toHaveCount(0, { timeout: 30_000 });

  const farmer = await signInAs(`${stack.farmerPortalUrl}/invoices`, defaultedFarmer);
  const invoice = farmer.getByTestId(`invoice-${tokenId}`);
  await expect(invoice).toHaveAttribute("data-status", "defaulted");
  await expect(invoice).toContainText("Defaulted");
  // A default does not end the debt: what the farmer still pays is recovered for the investors.
  await expect(invoice).toContainText("repayments still count as recoveries");
  await expect(invoice.getByTestId(`repay-${tokenId}`)).toBeVisible();
});
