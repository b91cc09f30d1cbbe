import { ONE_GOLD } from "@farm/core";
import type { Page } from "@playwright/test";
import { apiSignIn, approveAndFund, openAccountMenu, submitInvoice } from "../fixtures/platform";
import { screenshotAt, viewports } from "../fixtures/screenshots";
import { advanceChainTime, expect, setGameDayOffset, test, wallets } from "../fixtures/stack";

/**
 * The daily loop over seven UTC days on one plant (issue 32): a fresh verified investor (anvil #11) funds one seed,
 * then comes back once a game day, the chain's clock a day further each time. Every day the plant has grown since the
 * day before (on the chain's time), the day's quests are there to do and move, and watering spends water for XP;
 * on the second day the player visits a neighbour's public garden from the leaderboard and helps it, on the third it
 * places a decoration on a phone. Screenshots of the farm at 390 and 1280 px on the last day.
 */
const playerIndex = 11;
// The decoration is placed with taps, as on a touch screen.
test.use({ hasTouch: true });
const amount = 100n * ONE_GOLD;

async function signIn(page: Page, index: number): Promise<void> {
  const menu = await openAccountMenu(page);
  await menu.getByTestId("dev-account").selectOption(String(index));
  await menu.getByTestId("connect-dev-wallet").click();
  await menu.getByTestId("sign-in").click();
  await expect(menu.getByTestId("sign-out")).toBeVisible();
  await menu.locator("summary").click();
}

/** The plant's size on the chain's clock as the garden draws it (CropArt's data-growth), once the garden shows it. */
async function growthOf(page: Page, tokenId: bigint): Promise<number> {
  const plot = page.locator(`[data-testid="garden-plot"][data-crop-id="${tokenId}"]`);
  await expect(plot).toBeVisible();
  return Number(await plot.locator("[data-growth]").first().getAttribute("data-growth"));
}

/** Closes the achievement or level-up celebration a watering may open, so the page below can be used. */
async function dismissCelebration(page: Page): Promise<void> {
  const close = page.getByTestId("achievement-celebration-close");
  if (await close.isVisible()) await close.click();
}

const number = async (page: Page, testId: string, attribute: string) =>
  Number(await page.getByTestId(testId).first().getAttribute(attribute));

test("seven UTC days on one plant: each day it grows, quests to do, water; a neighbour helped, a decoration placed on a phone", async ({
  page,
  stack,
}) => {
  test.setTimeout(480_000);
  const tokenId = await submitInvoice(stack, await apiSignIn(stack, wallets.demoFarmer), {
    invoiceNumber: `E2E-LOOP-${Date.now()}`,
    buyerName: "PT Pasar Induk Caringin",
    amount: amount.toString(),
    yieldBps: 200,
    tenorDays: 30,
    fundingDays: 7,
  });
  await approveAndFund(stack, tokenId, playerIndex, amount);

  await page.setViewportSize(viewports.phone);
  await page.goto(stack.investorAppUrl);
  await page.getByTestId("tour-skip").click();
  await signIn(page, playerIndex);

  let grown = -1;
  try {
    for (let day = 0; day < 7; day += 1) {
      await setGameDayOffset(stack, day);
      if (day > 0) await advanceChainTime(stack, 86_400);

      // 1. The plant is bigger than yesterday: the crops answer's chain time moved (read again until it has).
      await expect(async () => {
        await page.goto(`${stack.investorAppUrl}/farm`);
        expect(await growthOf(page, tokenId)).toBeGreaterThan(grown);
      }).toPass({ timeout: 20_000 });
      grown = await growthOf(page, tokenId);

      // 2. Today's quests: at least three, each one this player can do today (drawn at the day's first read).
      const quests = page.getByTestId("quest");
      await expect(quests.first()).toBeVisible();
      expect(await quests.count()).toBeGreaterThanOrEqual(3);
      const done = () => page.locator('[data-testid="quest"][data-done="yes"]').count();
      const doneBefore = await done();

      // 3. Watering spends water for XP and keeps the streak (one a day).
      await page.locator(`[data-testid="garden-plot"][data-crop-id="${tokenId}"]`).click();
      const xp = await number(page, "player-xp", "data-xp");
      await page.getByTestId("water-button").click();
      await expect(page.getByTestId("water-result")).toContainText("XP");
      await expect(page.getByTestId("water-animation")).toHaveAttribute("data-state", "ended");
      await dismissCelebration(page);
      await expect(page.getByTestId("streak")).toHaveAttribute("data-streak", String(day + 1));
      await expect
        .poll(() => number(page, "player-xp", "data-xp"), { message: `XP after watering on day ${day + 1}` })
        .toBeGreaterThan(xp);

      // 4. The quests still open are done where their links lead (a visit counts when the page opens; the shop's
      // quest is a seed's fact sheet): every one of them ends done, and at least one more than before.
      const places = await page
        .locator('[data-testid="quest"][data-done="no"] a.quest__link')
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      for (const place of new Set(places)) {
        const path = place === "/shop" ? `/seeds/${tokenId}` : place;
        const visited = page.waitForResponse((response) => response.url().endsWith("/api/game/visits"));
        await page.goto(`${stack.investorAppUrl}${path}`);
        expect((await visited).status()).toBe(200);
      }
      await page.goto(`${stack.investorAppUrl}/farm`);
      await expect(quests.first()).toBeVisible();
      await expect.poll(done, { message: `quests done on day ${day + 1}` }).toBeGreaterThan(doneBefore);

      if (day === 1) {
        // A neighbour's public garden, visited from the leaderboard: one help a day, XP for both.
        await page.goto(`${stack.investorAppUrl}/leaderboard`);
        await page.getByTestId("visit-garden").first().click();
        await expect(page.locator("main h1").first()).toBeVisible();
        await page.getByTestId("help-button").click();
        await expect(page.getByTestId("help-done")).toBeVisible();
        await expect(page.getByTestId("help-button")).toBeDisabled();
        await screenshotAt(page, "investor-app", "loop-neighbour-helped", "phone");
      }

      if (day === 2) {
        // A decoration placed on a phone: tap it in the tray, tap a cell, save; the garden draws it.
        await page.goto(`${stack.investorAppUrl}/farm`);
        await page.getByTestId("yard-arrange").click();
        const item = page.getByTestId("yard-tray-item").first();
        const decoration = await item.getAttribute("data-decoration");
        await item.tap();
        await page.locator('[data-testid="yard-cell"][data-cell="2,3"]').tap();
        await expect(page.locator('[data-testid="yard-cell"][data-cell="2,3"]')).toHaveAttribute(
          "data-item",
          decoration ?? "",
        );
        await page.getByTestId("yard-save").tap();
        await expect(page.getByTestId("yard-saved")).toBeVisible();
        await expect(page.getByTestId("garden-yard")).toHaveAttribute("data-items", "1");
        await screenshotAt(page, "investor-app", "loop-decoration-placed", "phone");
      }
    }
    await page.goto(`${stack.investorAppUrl}/farm`);
    await growthOf(page, tokenId);
    await screenshotAt(page, "investor-app", "loop-day-7", "phone");
    await screenshotAt(page, "investor-app", "loop-day-7", "desktop");
  } finally {
    await setGameDayOffset(stack, 0);
  }
});
