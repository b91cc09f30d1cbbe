import { approvedDemoSeed } from "../fixtures/platform";
import { screenshotAt } from "../fixtures/screenshots";
import { expect, test } from "../fixtures/stack";

test("a page whose code cannot be fetched says so inside the app, and a reload brings it", async ({
  page,
  stack,
}) => {
  // Its own approved seed: other journeys on this stack may have funded or expired every demo seed.
  const tokenId = await approvedDemoSeed(stack, {
    invoiceNumber: `E2E-ROUTE-ERROR-${Date.now()}`,
    buyerName: "PT Sumber Rejeki",
    amount: (500n * 10n ** 18n).toString(),
    tenorDays: 30,
    yieldBps: 200,
  });

  await page.goto(stack.investorAppUrl);
  await page.getByTestId("tour-skip").click();
  // The fact sheet's chunk fails as on a dropped connection, or after a deploy removed the old build's files.
  const factSheetChunk = /\/assets\/FactSheetPage-[^/]+\.js$/;
  await page.route(factSheetChunk, (route) => route.abort("connectionreset"));
  await page.goto(`${stack.investorAppUrl}/seeds/${tokenId}`);

  const error = page.getByTestId("route-error");
  await expect(error).toContainText("This page could not be shown.");
  await expect(error).toContainText("a newer version of Farm was published");
  await expect(error).toHaveAttribute("role", "alert");
  // The shell stays: the header and its navigation still work.
  await expect(page.getByRole("banner")).toBeVisible();
  // On a phone, in Indonesian: readable, nothing cut off, targets big enough (the screenshots' layout check).
  await screenshotAt(page, "investor-app", "route-error", "phone");
  await page.getByTestId("language-switch").selectOption("id");
  await expect(error).toContainText("Halaman ini tidak dapat ditampilkan.");
  await screenshotAt(page, "investor-app", "route-error-id", "phone");

  await page.unroute(factSheetChunk);
  await error.getByRole("button", { name: "Muat ulang halaman" }).click();
  await expect(page.getByTestId("facts-terms")).toBeVisible();
  await expect(page.getByTestId("route-error")).toHaveCount(0);
});
