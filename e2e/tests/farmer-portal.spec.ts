import { deflateSync } from "node:zlib";
import { goldTokenAbi } from "@farm/contracts";
import { parseGold } from "@farm/core";
import { demoPdf } from "@farm/scripts/demo-documents";
import type { Page } from "@playwright/test";
import { approveAndFund, approvedFarmerWithInvoice, chainTools, indexedInvoice } from "../fixtures/platform";
import { accountOf, expect, test, watchRequests } from "../fixtures/portal";
import { screenshotAt } from "../fixtures/screenshots";
import { wallets } from "../fixtures/stack";

/**
 * Farmer portal journeys against the whole local stack. Fresh wallets come from the top of anvil's 20 accounts
 * (#19, #18, ...) so they never meet the investor journeys, which count up from #5.
 */
const newFarmer = 19;
const invalidInputFarmer = 18;
const nonAdmin = wallets.demoInvestor;
/** Repays an invoice of its own, set up through the API, so the journey depends on no other. */
const repayingFarmer = 12;
/** Funds the repayment journey's invoice. */
const fundingInvestor = 17;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A genuine PNG that looks like an ID card (pale blue, a photo box and text lines), so screenshots show a document. */
function idCardPng(width = 320, height = 200): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const photo = x > 20 && x < 100 && y > 50 && y < 170;
      const line = x > 120 && x < 290 && y % 30 > 20 && y > 50 && y < 180;
      const band = y < 36;
      const [r, g, b] = band
        ? [31, 77, 140]
        : photo
          ? [150, 160, 175]
          : line
            ? [60, 70, 90]
            : [205, 225, 245];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

async function fillPersonalStep(page: Page, fullName: string): Promise<void> {
  await page.getByLabel(/Full name/).fill(fullName);
  await page.getByLabel(/^NIK/).fill("3201012345678901");
  await page.getByLabel(/^Email/).fill("siti.farmer@example.com");
  await page.getByLabel(/Mobile number/).fill("081234567890");
  await page.getByLabel(/Date of birth/).fill("1985-04-12");
  await page.getByLabel(/Street address/).fill("Jalan Sawah Indah 12");
  await page.getByLabel(/^Province/).fill("Jawa Barat");
  await page.getByLabel(/City or regency/).fill("Bandung");
  await page.getByLabel(/District/).fill("Ciparay");
  await page.getByLabel(/Postal code/).fill("40381");
}

async function fillBusinessStep(page: Page): Promise<void> {
  await page.getByLabel(/Type of business/).selectOption("cooperative");
  await page.getByLabel(/Business or farm name/).fill("Koperasi Tani Makmur");
  await page.getByLabel(/NPWP number/).fill("01.234.567.8-901.000");
  await page.getByLabel(/^Bank( \*)?$/).fill("BRI");
  await page.getByLabel(/Bank account number/).fill("0123456789012");
  await page.getByLabel(/Account holder name/).fill("Koperasi Tani Makmur");
  await page.getByLabel(/Crops you grow/).fill("rice, chili");
  await page.getByLabel(/Land area/).fill("12.5");
  await page.getByLabel(/Years of farming/).fill("9");
}

test.describe.configure({ mode: "serial" });

test("the landing page shows live platform figures in both languages without loading wallet code", async ({
  page,
  stack,
}) => {
  // Module paths under a dev server; in the build served here wagmi and viem's wallet code are the WalletPanel chunk.
  const walletChunks: string[] = [];
  page.on("request", (request) => {
    if (/wagmi|WalletPanel|wallet\.ts/.test(request.url())) walletChunks.push(request.url());
  });
  // The page must show what the API answered it. Other journeys run beside this one and add investors, so the figures
  // are compared with the last /api/stats answer this page received, not with a second request made afterwards.
  let lastStats: { invoicesFinanced: number; activeInvestors: number } | undefined;
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/stats" && response.ok()) {
      void response
        .json()
        .then((body: { invoicesFinanced: number; activeInvestors: number }) => (lastStats = body))
        .catch(() => undefined);
    }
  });
  await page.goto(stack.farmerPortalUrl);
  await expect
    .poll(async () => {
      const shown = {
        invoicesFinanced: await page.getByTestId("stat-invoicesFinanced").textContent(),
        activeInvestors: await page.getByTestId("stat-activeInvestors").textContent(),
      };
      return (
        lastStats !== undefined &&
        shown.invoicesFinanced === String(lastStats.invoicesFinanced) &&
        shown.activeInvestors === String(lastStats.activeInvestors)
      );
    })
    .toBe(true);
  expect(lastStats?.invoicesFinanced ?? 0).toBeGreaterThan(0);
  expect(walletChunks).toEqual([]);
  await screenshotAt(page, "farmer-portal", "landing", "desktop");
  await screenshotAt(page, "farmer-portal", "landing", "phone");

  await page.getByTestId("language-switch").selectOption("id");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Dapatkan bayaran panen/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Dapatkan bayaran panen/);
  await page.getByTestId("language-switch").selectOption("en");
});

test("invalid registration and invoice inputs show their messages and send nothing", async ({
  signInAs,
  stack,
}) => {
  const registrations = watchRequests("POST", "/api/farmers/register");
  const page = await signInAs(
    `${stack.farmerPortalUrl}/register-farm`,
    invalidInputFarmer,
    registrations.watch,
  );
  await page.getByLabel(/^NIK/).fill("12345");
  await page.getByLabel(/^Email/).fill("not-an-email");
  await expect(page.getByText("The NIK is exactly 16 digits, as printed on your KTP.")).toBeVisible();
  await expect(page.getByText("Please enter an email address like name@example.com.")).toBeVisible();
  await page.getByTestId("next-step").click();
  await expect(page.getByText("The postal code has 5 digits.")).toBeVisible();
  await expect(page.getByLabel(/^NIK/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("group", { name: "Personal information" })).toBeVisible();
  expect(registrations.seen).toEqual([]);

  const invoices = watchRequests("POST", "/api/invoices");
  const farmer = await signInAs(`${stack.farmerPortalUrl}/invoices`, wallets.demoFarmer, invoices.watch);
  await farmer.getByLabel(/^Amount( \*)?$/).fill("12abc");
  await farmer.getByLabel(/^Term/).fill("3");
  await farmer.getByTestId("submit-invoice").click();
  await expect(
    farmer.getByText("Write the amount with digits only, for example 1,500 or 1,500.50."),
  ).toBeVisible();
  await expect(farmer.getByText("The term is a whole number of days from 7 to 365.")).toBeVisible();
  await expect(
    farmer.getByText("Please enter the invoice number (letters, digits, spaces and . / _ # -)."),
  ).toBeVisible();
  expect(invoices.seen).toEqual([]);
});

test("a new wallet registers with three documents and sees pending review", async ({ signInAs, stack }) => {
  const page = await signInAs(`${stack.farmerPortalUrl}/register-farm`, newFarmer);
  await fillPersonalStep(page, "Siti Rahayu");
  await page.reload();
  await expect(page.getByLabel(/Full name/)).toHaveValue("Siti Rahayu");
  await expect(page.getByLabel(/Postal code/)).toHaveValue("40381");
  await page.getByTestId("next-step").click();
  await fillBusinessStep(page);
  await page.getByTestId("next-step").click();

  await page
    .getByLabel(/KTP \(identity card\)/)
    .setInputFiles({ name: "ktp.png", mimeType: "image/png", buffer: idCardPng() });
  await page
    .getByLabel(/NPWP card/)
    .setInputFiles({ name: "npwp.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
  await expect(page.getByText("This kind of file is not accepted here.")).toBeVisible();
  await page.getByLabel(/NPWP card/).setInputFiles({
    name: "npwp.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(demoPdf("NPWP 01.234.567.8-901.000")),
  });
  await expect(page.getByText("This kind of file is not accepted here.")).toHaveCount(0);
  await page.getByLabel(/Bank statement/).setInputFiles({
    name: "bank-statement.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(demoPdf("Bank statement BRI 0123456789012")),
  });
  await page.getByTestId("next-step").click();
  await expect(page.getByText("Koperasi Tani Makmur").first()).toBeVisible();
  await screenshotAt(page, "farmer-portal", "register-farm-review", "desktop");
  await screenshotAt(page, "farmer-portal", "register-farm-review", "phone");

  const answer = page.waitForResponse((response) => response.url().endsWith("/api/farmers/register"));
  await page.getByTestId("submit-registration").click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByTestId("registration-status-value")).toHaveAttribute(
    "data-status",
    "pending_review",
  );
  await expect(page.getByText("Pending review")).toBeVisible();
  await screenshotAt(page, "farmer-portal", "register-farm", "desktop");
  await screenshotAt(page, "farmer-portal", "register-farm", "phone");
});

test("an admin approves the farmer, who submits an invoice that the admin approves on chain", async ({
  signInAs,
  stack,
}) => {
  const admin = await signInAs(`${stack.farmerPortalUrl}/admin`, wallets.admin);
  let page = admin;
  const farmerCard = page.locator(
    `[data-testid="kyc-farmer"][data-wallet="${accountOf(newFarmer).address}"]`,
  );
  await expect(farmerCard).toBeVisible();
  await farmerCard.getByRole("button", { name: /Open KTP/ }).click();
  await expect(farmerCard.getByRole("img", { name: /KTP/ })).toBeVisible();
  await screenshotAt(page, "farmer-portal", "admin-kyc", "desktop");
  await screenshotAt(page, "farmer-portal", "admin-kyc", "phone");
  await page.setViewportSize({ width: 1280, height: 800 });
  await farmerCard.getByRole("button", { name: /Open Bank statement/ }).click();
  await expect(farmerCard.getByTestId("document-new-tab").first()).toBeVisible();
  // Approval asks first, then says what changed, and the history records who decided and when.
  await farmerCard.getByTestId("approve-farmer").click();
  await farmerCard.getByTestId("confirm-approve-farmer").click();
  await expect(farmerCard).toHaveCount(0);
  await expect(page.getByTestId("kyc-decided")).toContainText("is approved");
  const decision = page.getByTestId("decision-history").getByTestId("decision").first();
  await expect(decision).toHaveAttribute("data-action", "approve");
  await expect(decision).toContainText(accountOf(wallets.admin).address.slice(0, 6));

  const farmer = await signInAs(`${stack.farmerPortalUrl}/invoices`, newFarmer);
  page = farmer;
  await page.getByLabel(/Invoice number/).fill("INV-E2E-001");
  await page.getByLabel(/^Buyer( \*)?$/).fill("PT Pasar Induk Caringin");
  await page.getByLabel(/Buyer's e-mail or phone/).fill("0812 2233 4455");
  await page.getByLabel(/^Amount( \*)?$/).fill("2,500");
  await page.getByLabel(/Yield for the whole term/).fill("3");
  await page.getByLabel(/^Term/).fill("45");
  await page.getByLabel(/Funding window/).fill("14");
  await page.getByLabel(/due date/).fill(new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel(/Invoice document/).setInputFiles({
    name: "invoice.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(demoPdf("Invoice INV-E2E-001")),
  });
  const submitted = page.waitForResponse(
    (response) => response.url().endsWith("/api/invoices") && response.request().method() === "POST",
  );
  await page.getByTestId("submit-invoice").click();
  await expect(page.getByTestId("gold-check-words")).toHaveText("two thousand five hundred GOLD");
  await page.getByTestId("gold-check-confirm").click();
  const { tokenId } = (await (await submitted).json()) as { tokenId: string };
  await expect(page.getByText(`Invoice #${tokenId} was submitted and waits for review.`)).toBeVisible();
  await expect(page.getByTestId(`invoice-${tokenId}`)).toHaveAttribute("data-status", "pending");

  page = admin;
  await page.reload();
  const pending = page.getByTestId(`pending-invoice-${tokenId}`);
  await expect(pending).toContainText("INV-E2E-001");
  await expect(pending).toContainText("PT Pasar Induk Caringin");
  await expect(pending).toContainText("2,500 GOLD");
  await screenshotAt(page, "farmer-portal", "admin", "desktop");
  await screenshotAt(page, "farmer-portal", "admin", "phone");
  await page.setViewportSize({ width: 1280, height: 800 });
  // No buyer confirmation yet: approving asks for a reason, recorded with the mined transaction in the audit table.
  await pending.getByTestId(`approve-invoice-${tokenId}`).click();
  await pending.getByTestId(`approve-with-reason-${tokenId}`).click();
  await expect(pending.getByText("Please write a reason of at least 3 characters.")).toBeVisible();
  await pending.getByLabel(/Why approve without/).fill("Buyer confirmed by phone; delivery note checked");
  await pending.getByTestId(`approve-with-reason-${tokenId}`).click();
  await expect(pending).toHaveCount(0, { timeout: 30_000 });

  await expect(farmer.getByTestId(`invoice-${tokenId}`)).toHaveAttribute("data-status", "approved", {
    timeout: 30_000,
  });
});

test("the farmer repays from the portal alone: shortfall, a part from what the wallet holds, test GOLD, the rest", async ({
  signInAs,
  stack,
}) => {
  const chain = chainTools(stack);
  const { contracts, publicClient } = chain;
  const farmer = accountOf(repayingFarmer).address;
  const goldOf = (address: `0x${string}`) =>
    publicClient.readContract({
      address: contracts.goldToken,
      abi: goldTokenAbi,
      functionName: "balanceOf",
      args: [address],
    });
  const principal = parseGold("2500");
  const tokenId = await approvedFarmerWithInvoice(
    stack,
    repayingFarmer,
    { fullName: "Siti Rahayu", businessName: "Tani Siti Garut" },
    {
      invoiceNumber: "INV-E2E-REPAY-1",
      buyerName: "PT Pasar Induk Caringin",
      amount: principal.toString(),
      yieldBps: 300,
      tenorDays: 45,
    },
  );
  // The farmer starts with no GOLD; funding pays it the principal, so it is short by the financing fee.
  expect(await goldOf(farmer)).toBe(0n);
  await approveAndFund(stack, tokenId, fundingInvestor, principal);
  const fee = (principal * 3n) / 100n;

  const page = await signInAs(`${stack.farmerPortalUrl}/invoices`, repayingFarmer);
  const row = page.getByTestId(`invoice-${tokenId}`);
  await expect(row).toHaveAttribute("data-state", "funded", { timeout: 30_000 });
  const due = () => row.getByTestId(`due-${tokenId}`);
  await expect(due()).toHaveAttribute("data-base-units", `${principal + fee}`);
  await expect(row.getByTestId(`shortfall-${tokenId}`)).toContainText("75 GOLD");
  await expect(row.getByTestId(`repay-${tokenId}`)).toBeDisabled();

  // The wallet pays what it holds, the principal it received: checked first, one signature, one transaction.
  const nonceBefore = await publicClient.getTransactionCount({ address: farmer });
  await row.getByTestId(`repay-wallet-${tokenId}`).click();
  await expect(row.getByLabel("Amount to pay")).toHaveValue("2500");
  await row.getByTestId(`repay-${tokenId}`).click();
  await expect(page.getByTestId("gold-check-amount")).toHaveText("2,500 GOLD");
  await expect(page.getByRole("dialog")).toContainText("75 GOLD stays due after it");
  await page.getByTestId("gold-check-confirm").click();
  // The box shows the new state: 75 still due (offered in the field), 2,500 paid, the invoice still funded.
  await expect(due()).toHaveAttribute("data-base-units", `${fee}`, { timeout: 30_000 });
  await expect(row.getByTestId(`repaid-so-far-${tokenId}`)).toContainText(/2,500 GOLD .*\/ 2,575 GOLD/);
  await expect(row.getByLabel("Amount to pay")).toHaveValue("75");
  await expect(row).toHaveAttribute("data-state", "funded");
  expect(await publicClient.getTransactionCount({ address: farmer })).toBe(nonceBefore + 1);

  // On the local chain the portal offers the faucet; once the wallet holds what is due, repaying unlocks.
  await row.getByTestId("faucet-button").click();
  await expect(row.getByTestId(`shortfall-${tokenId}`)).toHaveCount(0, { timeout: 30_000 });
  const before = await goldOf(farmer);
  await row.getByTestId(`repay-${tokenId}`).click();
  await expect(page.getByTestId("gold-check-amount")).toHaveText("75 GOLD");
  await page.getByTestId("gold-check-confirm").click();
  // Once confirmed, the list's refresh may show the row repaid (and drop the repay box with its result) before the
  // result could be read: the row's state, with what was repaid, is what the farmer keeps seeing.
  await expect(row).toHaveAttribute("data-state", "repaid", { timeout: 30_000 });
  await expect(row.getByTestId(`invoice-state-${tokenId}`)).toHaveText("Repaid");
  await expect(row).toContainText("2,575 GOLD");
  // One transaction each (the part, the faucet's claim, the rest): repayWithPermit, no separate approve.
  expect(await publicClient.getTransactionCount({ address: farmer })).toBe(nonceBefore + 3);
  expect(await goldOf(farmer)).toBe(before - fee);
  expect(await chain.statusOnChain(tokenId)).toBe("repaid");
  expect(await indexedInvoice(stack, tokenId, "repaid")).toMatchObject({
    repaid: (principal + fee).toString(),
  });
});

test("the demo farmer follows invoices in several states", async ({ signInAs, stack }) => {
  const page = await signInAs(`${stack.farmerPortalUrl}/invoices`, wallets.demoFarmer);
  const list = page.getByTestId("invoice-list");
  await expect(list.locator('[data-status="funded"]').first()).toBeVisible();
  await expect(list.locator('[data-status="repaid"]').first()).toBeVisible();
  await screenshotAt(page, "farmer-portal", "invoices", "desktop");
  await screenshotAt(page, "farmer-portal", "invoices", "phone");
  await page.getByTestId("language-switch").selectOption("id"); // the longest language name, the header at 360 px
  await screenshotAt(page, "farmer-portal", "invoices-id", "phone");
});

test("a wallet without ADMIN_ROLE sees why it cannot use /admin", async ({ signInAs, stack }) => {
  const adminCalls = watchRequests("GET", "/api/admin/");
  const page = await signInAs(`${stack.farmerPortalUrl}/admin`, nonAdmin, adminCalls.watch);
  await expect(page.getByTestId("not-admin")).toContainText("does not hold the admin role");
  await expect(page.getByTestId("kyc-queue")).toHaveCount(0);
  await expect(page.getByTestId("pending-invoices")).toHaveCount(0);
  expect(adminCalls.seen).toEqual([]);
});
