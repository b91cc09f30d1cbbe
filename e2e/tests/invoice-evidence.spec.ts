import { farmNftAbi, goldFaucetAbi, goldTokenAbi } from "@farm/contracts";
import { type InvoiceEvidence, parseGold } from "@farm/core";
import { demoPdf, demoPng } from "@farm/scripts/demo-documents";
import {
  apiSignIn,
  approvedFarmer,
  buyerLinkFromMail,
  chainTools,
  indexedInvoice,
  verifyInvestorWallet,
} from "../fixtures/platform";
import { accountOf, expect, test } from "../fixtures/portal";
import { screenshotAt } from "../fixtures/screenshots";
import { wallets } from "../fixtures/stack";

/**
 * An invoice backed by evidence, end to end: the farmer submits it with its document, the platform e-mails the buyer
 * a link (read here from the local SMTP sink, never shown to the farmer), the buyer confirms it in a browser of their
 * own with a wallet signature, the admin sees the confirmation and approves, the shop
 * shows "buyer confirmed", and once funded the buyer repays from the same link. Fresh accounts (#11 farmer, #10
 * buyer, #9 investor) keep it apart from the other journeys.
 */
const evidenceFarmer = 11;
const buyerIndex = 10;
const fundingInvestor = 9;

test("a buyer confirms an invoice with a wallet signature, the admin approves it, the shop shows it, the buyer repays", async ({
  browser,
  signInAs,
  stack,
}) => {
  const chain = chainTools(stack);
  const buyer = accountOf(buyerIndex);
  const invoiceNumber = "INV-E2E-EVIDENCE-1";
  const principal = parseGold("800");
  await approvedFarmer(stack, evidenceFarmer, {
    fullName: "Wayan Sudarma",
    businessName: "Tani Sudarma Garut",
  });

  // The farmer submits the invoice with its document and a delivery photo.
  const farmer = await signInAs(`${stack.farmerPortalUrl}/invoices`, evidenceFarmer);
  await farmer.getByLabel(/Invoice number/).fill(invoiceNumber);
  await farmer.getByLabel(/^Buyer( \*)?$/).fill("PT Sayur Segar Bandung");
  await farmer.getByLabel(/Buyer's e-mail or phone/).fill("finance@sayursegar.co.id");
  await farmer.getByLabel(/^Amount( \*)?$/).fill("800");
  await farmer.getByLabel(/Yield for the whole term/).fill("2");
  await farmer.getByLabel(/^Term/).fill("30");
  await farmer.getByLabel(/Funding window/).fill("14");
  await farmer.getByLabel(/due date/).fill(new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10));
  await farmer.getByLabel(/Invoice document/).setInputFiles({
    name: "invoice.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(demoPdf(`Invoice ${invoiceNumber}: 800 GOLD of cabbage`)),
  });
  await farmer.getByLabel(/Proof of delivery/).setInputFiles({
    name: "delivery.png",
    mimeType: "image/png",
    buffer: Buffer.from(demoPng()),
  });
  const submitted = farmer.waitForResponse(
    (response) => response.url().endsWith("/api/invoices") && response.request().method() === "POST",
  );
  await farmer.getByTestId("submit-invoice").click();
  await farmer.getByTestId("gold-check-confirm").click();
  const answer = await submitted;
  expect(answer.status()).toBe(201);
  const { tokenId } = (await answer.json()) as { tokenId: string };
  const row = farmer.getByTestId(`invoice-${tokenId}`);
  await expect(row).toHaveAttribute("data-status", "pending");

  // The farmer has the platform e-mail the buyer a link: the portal names only the masked address, never the link.
  await row.getByTestId(`create-link-${tokenId}`).click();
  await expect(row.getByTestId(`link-sent-${tokenId}`)).toContainText("f*****e@sayursegar.co.id");
  await expect(row.getByTestId(`buyer-status-${tokenId}`)).toHaveAttribute("data-status", "link_sent");
  await expect(row.locator("input[readonly]")).toHaveCount(0);
  // The link arrives in the buyer's mailbox (the local SMTP sink).
  const link = await buyerLinkFromMail(stack, "finance@sayursegar.co.id", invoiceNumber);
  expect(link).toMatch(new RegExp(`^${stack.farmerPortalUrl}/confirm/[A-Za-z0-9_-]{43}$`));
  await expect(farmer.locator("body")).not.toContainText(link.split("/confirm/")[1]!);

  // The buyer, in a browser of their own, checks the invoice and its document and confirms with a signature.
  const buyerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(link);
  const facts = buyerPage.getByTestId("confirm-invoice-facts");
  await expect(facts).toContainText(invoiceNumber);
  await expect(facts).toContainText("800 GOLD");
  await expect(facts).toContainText("Tani Sudarma Garut");
  await facts.getByRole("button", { name: /Open Invoice document/ }).click();
  // A PDF is never framed in the portal: it opens in a tab of its own.
  await expect(facts.locator("iframe")).toHaveCount(0);
  await expect(facts.getByTestId("document-new-tab")).toBeVisible();
  const main = buyerPage.locator("main");
  await main.getByTestId("dev-account").selectOption(String(buyerIndex));
  await main.getByTestId("connect-dev-wallet").click();
  await expect(main.getByRole("button", { name: "Confirm and sign with my wallet" })).toBeVisible();
  await screenshotAt(buyerPage, "farmer-portal", "confirm-invoice", "desktop");
  await main.getByTestId("confirm-invoice").click();
  const recorded = buyerPage.getByTestId("confirm-recorded-detail");
  await expect(recorded).toHaveAttribute("data-method", "wallet_signature");
  await expect(recorded).toContainText(buyer.address);
  // Once answered, the link no longer opens the document.
  await expect(facts.getByRole("button", { name: /Open Invoice document/ })).toHaveCount(0);

  // The farmer sees the signed confirmation.
  // The farmer's list reads the evidence every 10 s.
  await expect(row.getByTestId(`buyer-status-${tokenId}`)).toHaveAttribute("data-status", "confirmed", {
    timeout: 25_000,
  });

  // The admin sees the evidence and the confirmation beside the terms and approves on chain.
  const admin = await signInAs(`${stack.farmerPortalUrl}/admin`, wallets.admin);
  const pending = admin.getByTestId(`pending-invoice-${tokenId}`);
  await expect(pending).toContainText(invoiceNumber);
  await expect(pending.getByTestId(`buyer-status-${tokenId}`)).toHaveAttribute("data-status", "confirmed");
  await expect(pending).toContainText("finance@sayursegar.co.id");
  await expect(pending.getByTestId(`hash-check-${tokenId}`)).toHaveAttribute("data-check", "match", {
    timeout: 20_000,
  });
  await pending.getByRole("button", { name: /Open Proof of delivery/ }).click();
  await expect(pending.getByRole("img", { name: /Proof of delivery/ })).toBeVisible();
  await screenshotAt(admin, "farmer-portal", "admin-invoice-evidence", "desktop");
  // The buyer confirmed, so no reason is asked; approving still names the invoice, amount and farmer first.
  await pending.getByTestId(`approve-invoice-${tokenId}`).click();
  await expect(pending.getByTestId(`confirm-approve-${tokenId}`)).toContainText(`#${tokenId}`);
  await pending.getByTestId(`confirm-approve-invoice-${tokenId}`).click();
  await expect(
    admin.getByTestId("toast").filter({ hasText: `Invoice #${tokenId} approved on chain` }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(pending).toHaveCount(0, { timeout: 30_000 });
  await expect(admin.locator(`[data-testid="invoice-decision"][data-token-id="${tokenId}"]`)).toHaveAttribute(
    "data-action",
    "approve",
  );
  expect(await chain.statusOnChain(BigInt(tokenId))).toBe("approved");
  const adminCookie = await apiSignIn(stack, wallets.admin);
  const evidence = (await (
    await fetch(`${stack.apiUrl}/api/invoices/${tokenId}/evidence`, { headers: { cookie: adminCookie } })
  ).json()) as InvoiceEvidence;
  expect(evidence.reviews).toEqual([expect.objectContaining({ buyerStatus: "confirmed", reason: null })]);

  // The shop shows what was checked, and no personal data.
  await indexedInvoice(stack, BigInt(tokenId), "approved");
  const shop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await shop.goto(`${stack.investorAppUrl}/shop`);
  const card = shop.locator(`[data-testid="seed-card"][data-token-id="${tokenId}"]`);
  // The badges say exactly what was checked: the buyer confirmed at the company domain the link was e-mailed to, on
  // the day recorded (in the page's language).
  const decidedAt = evidence.confirmation.decision!.decidedAt;
  const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" }).format(
    new Date(decidedAt),
  );
  await expect(card.getByTestId("badge-buyerConfirmed")).toHaveAttribute("data-on", "true");
  await expect(card.getByTestId("badge-buyerConfirmed-text")).toHaveText(
    `✓ Buyer confirmed by e-mail at sayursegar.co.id on ${day}`,
  );
  await expect(card.getByTestId("badge-invoiceVerified-text")).toHaveText(
    "✓ Document on file, fingerprint on chain",
  );
  await expect(card.getByTestId("badge-deliveryProven-text")).toHaveText("✓ Delivery document on file");
  await expect(card.getByTestId("badge-invoiceVerified")).toHaveAttribute("data-on", "true");
  await expect(card.getByTestId("badge-deliveryProven")).toHaveAttribute("data-on", "true");
  await expect(card).not.toContainText("finance@sayursegar.co.id");
  await screenshotAt(shop, "investor-app", "shop-evidence", "desktop");
  await shop.context().close();

  // Investors fund it; later the buyer pays from the same link with a wallet.
  const investor = accountOf(fundingInvestor);
  await verifyInvestorWallet(stack, fundingInvestor);
  await chain.send(investor, chain.contracts.goldFaucet, goldFaucetAbi, "claim");
  await chain.send(investor, chain.contracts.goldToken, goldTokenAbi, "approve", [
    chain.contracts.farmNft,
    principal,
  ]);
  await chain.send(investor, chain.contracts.farmNft, farmNftAbi, "invest", [BigInt(tokenId), principal]);
  await indexedInvoice(stack, BigInt(tokenId), "funded");
  await chain.send(buyer, chain.contracts.goldFaucet, goldFaucetAbi, "claim");

  await buyerPage.reload();
  const repay = buyerPage.getByTestId("confirm-repay");
  await expect(repay).toBeVisible({ timeout: 15_000 });
  // The page may come back without the wallet connected: the repay section offers it again.
  await expect(repay.getByTestId("wallet-panel")).toBeVisible();
  if ((await repay.getByTestId("connect-dev-wallet").count()) > 0) {
    await repay.getByTestId("dev-account").selectOption(String(buyerIndex));
    await repay.getByTestId("connect-dev-wallet").click();
  }
  await expect(repay.getByTestId("wallet-address")).toHaveAttribute("title", buyer.address);
  await repay.getByTestId(`repay-${tokenId}`).click();
  await repay.getByTestId("gold-check-confirm").click();
  await expect.poll(() => chain.statusOnChain(BigInt(tokenId)), { timeout: 30_000 }).toBe("repaid");
  await expect(buyerPage.getByText("This invoice is paid. Thank you.")).toBeVisible({ timeout: 15_000 });
  await buyerContext.close();
});
