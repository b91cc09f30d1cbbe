import { readFileSync } from "node:fs";
import { approvedDemoSeed, openAccountMenu } from "../fixtures/platform";
import { screenshotAt, viewports } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/stack";

/** Anvil account of the investor who downloads statements (journeys give each its own wallet). */
const statementInvestorIndex = 9;

test.describe("disclosures", () => {
  test("home shows TKB90 with its definition, a shop card opens the fact sheet on a phone, statements download", async ({
    page,
    stack,
  }) => {
    test.setTimeout(180_000);
    // A seed of the demo farmer, approved, so the shop has a card to open whatever other journeys funded.
    const tokenId = await approvedDemoSeed(stack, {
      invoiceNumber: `E2E-FACTS-${Date.now()}`,
      buyerName: "PT Sumber Rejeki",
      amount: (2_000n * 10n ** 18n).toString(),
      tenorDays: 60,
      // 3 % for 60 days: within a daily fee cap of 0.067 %.
      yieldBps: 300,
    });

    await page.setViewportSize(viewports.phone);
    await page.goto(stack.investorAppUrl);
    await page.getByTestId("tour-skip").click();
    const panel = page.getByTestId("platform-record");
    await expect(panel).toContainText("TKB90");
    await expect(panel.getByTestId("record-rate")).toHaveText(/%|Nothing outstanding|No record yet/);
    await expect(panel.getByTestId("record-lost")).toHaveText(/^[\d,]+ GOLD/);
    await expect(panel).toContainText(/Rp[\d,]+/);
    // The rate with its source and day in the footer; the month-by-month volume chart under the panel.
    await expect(page.getByTestId("rupiah-rate-footer")).toHaveText(
      /^1 GOLD = Rp[\d,]+ \(.+, (\w{3} \d{1,2}, \d{4}|\d{1,2} \w{3} \d{4})\)$/,
    );
    await expect(panel.getByRole("img", { name: /Funded and repaid by month/ })).toBeVisible();
    await panel.getByTestId("record-definitions-toggle").click();
    await expect(panel.getByTestId("record-definitions")).toContainText(
      "more than 90 days past its maturity",
    );

    await page.goto(`${stack.investorAppUrl}/shop`);
    const card = page.locator(`[data-testid="seed-card"][data-token-id="${tokenId}"]`);
    await card.getByTestId("seed-fact-sheet").click();
    await expect(page).toHaveURL(new RegExp(`/seeds/${tokenId}$`));
    const sheet = page.getByTestId("fact-sheet");
    await expect(sheet.getByTestId("facts-terms")).toContainText("2,000 GOLD");
    await expect(sheet.getByTestId("facts-terms")).toContainText("about Rp32,000,000");
    await expect(sheet.getByTestId("facts-buyer")).toContainText("PT Sumber Rejeki");
    await expect(sheet.getByTestId("facts-platform-recovery")).toBeVisible();
    await expect(sheet.getByTestId("facts-risk")).toContainText("lose part or all of the principal");
    await screenshotAt(page, "investor-app", "fact-sheet", "phone");
    // The URL is the sheet's own: opened afresh, it shows the same seed.
    await page.reload();
    await expect(page.getByTestId("facts-terms")).toContainText("2,000 GOLD");

    const menu = await openAccountMenu(page);
    await menu.getByTestId("dev-account").selectOption(String(statementInvestorIndex));
    await menu.getByTestId("connect-dev-wallet").click();
    await menu.getByTestId("sign-in").click();
    await expect(menu.getByTestId("sign-out")).toBeVisible();
    await menu.locator("summary").click();
    await page.goto(`${stack.investorAppUrl}/profile`);
    const statement = page.getByTestId("statement-download");
    await expect(statement).toBeVisible();
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      statement.getByTestId("statement-csv").click(),
    ]);
    expect(readFileSync(await csv.path(), "utf8")).toMatch(/^time_wib,kind,token_id/);
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      statement.getByTestId("statement-pdf").click(),
    ]);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");

    await page.goto(stack.farmerPortalUrl);
    await expect(page.getByTestId("platform-record")).toContainText("TKB90");
  });
});
