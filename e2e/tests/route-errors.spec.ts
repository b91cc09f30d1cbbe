import { expect, test } from "../fixtures/stack";

test("a page whose code cannot be fetched says so inside the app, and a reload brings it", async ({
  page,
  stack,
}) => {
  await page.goto(stack.investorAppUrl);
  await page.getByTestId("tour-skip").click();
  await page.goto(`${stack.investorAppUrl}/shop`);
  // The fact sheet's chunk fails as on a dropped connection, or after a deploy removed the old build's files.
  const factSheetChunk = /\/assets\/FactSheetPage-[^/]+\.js$/;
  await page.route(factSheetChunk, (route) => route.abort("connectionreset"));
  await page.getByTestId("seed-fact-sheet").first().click();

  const error = page.getByTestId("route-error");
  await expect(error).toContainText("This page could not be shown.");
  await expect(error).toContainText("a newer version of Farm was published");
  await expect(error).toHaveAttribute("role", "alert");
  // The shell stays: the header and its navigation still work.
  await expect(page.getByRole("banner")).toBeVisible();

  await page.unroute(factSheetChunk);
  await error.getByRole("button", { name: "Reload the page" }).click();
  await expect(page.getByTestId("facts-terms")).toBeVisible();
  await expect(page.getByTestId("route-error")).toHaveCount(0);
});
