import { farmNftAbi, goldTokenAbi } from "@farm/contracts";
import { parseGold } from "@farm/core";
import {
  approvedFarmer,
  buyerLinkFromMail,
  chainTools,
  indexedInvoice,
  submitInvoice,
} from "../fixtures/platform";
import { accountOf, expect, test } from "../fixtures/portal";
import { advanceChainTime, wallets } from "../fixtures/stack";

/**
 * Notifications in both apps: the farmer (#8) sees "Your buyer confirmed" in the portal's inbox after the buyer's
 * click on the link, and the demo investor (#3), who funded the invoice, sees "Harvest ready" once it is repaid and
 * matured on the chain's clock.
 */
const farmerIndex = 8;
const investorIndex = wallets.demoInvestor;

test("the farmer's inbox shows the buyer's confirmation, the investor's shows the harvest ready", async ({
  browser,
  signInAs,
  stack,
}) => {
  test.setTimeout(240_000);
  const chain = chainTools(stack);
  const principal = parseGold("300");
  const cookie = await approvedFarmer(stack, farmerIndex, {
    fullName: "Made Wirawan",
    businessName: "Kebun Wirawan",
  });
  const tokenId = await submitInvoice(stack, cookie, {
    invoiceNumber: "INV-E2E-NOTIFY-1",
    buyerName: "PT Buah Segar",
    buyerContact: "finance@buahsegar.example",
    amount: principal.toString(),
    tenorDays: 30,
  });
  const linkReply = await fetch(`${stack.apiUrl}/api/invoices/${tokenId}/confirmation-link`, {
    method: "POST",
    headers: { cookie, origin: stack.farmerPortalUrl, "content-type": "application/json" },
    body: "{}",
  });
  expect(linkReply.status).toBe(201);
  const link = await buyerLinkFromMail(stack, "finance@buahsegar.example", "INV-E2E-NOTIFY-1");

  // The buyer opens the link e-mailed to them in a browser of their own and confirms.
  const buyer = await (await browser.newContext()).newPage();
  await buyer.goto(link);
  await buyer.getByTestId("confirm-invoice").click();
  await expect(buyer.getByTestId("confirm-recorded")).toBeVisible();
  await buyer.context().close();

  // The farmer's header counts it and the inbox says it, linking to the invoices.
  const farmer = await signInAs(`${stack.farmerPortalUrl}/invoices`, farmerIndex);
  await expect(farmer.getByTestId("notification-bell")).toHaveAttribute("aria-label", /unread/, {
    timeout: 35_000,
  });
  await farmer.getByTestId("notification-bell").click();
  const item = farmer
    .locator(".farm-inbox__item")
    .filter({ hasText: `Your buyer confirmed invoice #${tokenId}` });
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: "Mark read" }).click();
  await expect(item.getByRole("button", { name: "Mark read" })).toHaveCount(0);

  // Funded by the investor, repaid by the farmer, matured on the chain's clock: the harvest is ready.
  const admin = accountOf(wallets.admin);
  const investor = accountOf(investorIndex);
  await chain.send(admin, chain.contracts.farmNft, farmNftAbi, "approveInvoice", [tokenId]);
  await chain.send(admin, chain.contracts.goldToken, goldTokenAbi, "mint", [investor.address, principal]);
  await chain.send(investor, chain.contracts.goldToken, goldTokenAbi, "approve", [
    chain.contracts.farmNft,
    principal,
  ]);
  await chain.send(investor, chain.contracts.farmNft, farmNftAbi, "invest", [tokenId, principal]);
  const due = await chain.publicClient.readContract({
    address: chain.contracts.farmNft,
    abi: farmNftAbi,
    functionName: "amountDue",
    args: [tokenId],
  });
  const farmerAccount = accountOf(farmerIndex);
  await chain.send(admin, chain.contracts.goldToken, goldTokenAbi, "mint", [farmerAccount.address, due]);
  await chain.send(farmerAccount, chain.contracts.goldToken, goldTokenAbi, "approve", [
    chain.contracts.farmNft,
    due,
  ]);
  await chain.send(farmerAccount, chain.contracts.farmNft, farmNftAbi, "repay", [tokenId, due]);
  await indexedInvoice(stack, tokenId, "repaid");
  await advanceChainTime(stack, 31 * 86_400);

  // The investor signs in from the app's account menu, as investors do.
  const garden = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await garden.goto(stack.investorAppUrl);
  await garden.getByTestId("tour-skip").click();
  const menu = garden.getByTestId("account-menu");
  await menu.locator("summary").click();
  await menu.getByTestId("dev-account").selectOption(String(investorIndex));
  await menu.getByTestId("connect-dev-wallet").click();
  await menu.getByTestId("sign-in").click();
  await expect(menu.getByTestId("sign-out")).toBeVisible();
  await garden.getByTestId("notification-bell").click();
  await expect(garden.getByText(`Harvest ready: seed #${tokenId}`)).toBeVisible({ timeout: 40_000 });
  await garden
    .getByText(`Harvest ready: seed #${tokenId}`)
    .locator("xpath=ancestor::li")
    .getByRole("link")
    .click();
  await expect(garden).toHaveURL(/\/farm$/);
  await garden.context().close();
});
