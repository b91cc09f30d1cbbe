import { type InvestorBlocker, ONE_GOLD } from "@farm/core";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { investorStatusFixture, investorStatusSeed } from "../verify/investor-status.test-support";
import { BuySeedPanel } from "./BuySeedPanel";
import { seedFixture } from "./seed-fixtures.test-support";

afterEach(cleanup);

const seed = seedFixture({ amount: 1_000n * ONE_GOLD, funded: 0n });
const blocked = (blockedBy: InvestorBlocker) =>
  investorStatusSeed(investorStatusFixture({ canInvest: false, blockedBy, credential: null }));

describe("the buy panel's lock", () => {
  it("shows no purchase form to an unverified wallet, says why and links to /verify", () => {
    renderWithWallet(<BuySeedPanel seed={seed} onPlanted={() => {}} />, [blocked("unverified")]);
    expect(screen.queryByTestId("buy-submit")).toBeNull();
    expect(screen.getByTestId("buy-lock").textContent).toContain("Buying needs a verified wallet.");
    expect(screen.getByTestId("buy-lock-verify").getAttribute("href")).toBe("/verify");
  });

  it("words each blocker in Indonesian too", () => {
    renderWithWallet(<BuySeedPanel seed={seed} onPlanted={() => {}} />, [blocked("expired")], "id");
    expect(screen.getByTestId("buy-lock").textContent).toContain("Verifikasi Anda sudah kedaluwarsa");
    cleanup();
    renderWithWallet(<BuySeedPanel seed={seed} onPlanted={() => {}} />, [blocked("frozen")]);
    expect(screen.getByTestId("buy-lock").textContent).toContain("Contact support");
    expect(screen.queryByTestId("buy-lock-verify")).toBeNull();
  });

  it("shows the risk statement itself when only its acceptance is missing", () => {
    const status = investorStatusFixture({
      canInvest: false,
      blockedBy: "risk-statement",
      riskStatement: { currentVersion: 2, acceptedVersion: 1, acceptedAt: "2026-11-02T09:00:00.000Z" },
    });
    renderWithWallet(<BuySeedPanel seed={seed} onPlanted={() => {}} />, [investorStatusSeed(status)]);
    expect(screen.getByTestId("risk-statement").textContent).toContain("you bear this credit risk");
    expect(screen.getByTestId("risk-statement").textContent).toContain("has changed since you accepted it");
    expect(screen.getByTestId("risk-accept")).toBeTruthy();
    expect(screen.queryByTestId("buy-submit")).toBeNull();
  });
});

describe("the buy panel's cap at the wallet's limit", () => {
  it("refuses an amount above what the limit leaves, saying how much is left", () => {
    renderWithWallet(<BuySeedPanel seed={seed} onPlanted={() => {}} />, [
      investorStatusSeed(investorStatusFixture()),
    ]);
    const input = screen.getByLabelText("Amount to invest");
    fireEvent.change(input, { target: { value: "651" } });
    fireEvent.click(screen.getByTestId("buy-submit"));
    expect(screen.getByRole("alert").textContent).toBe(
      "Above your limit: you can lend at most 650 GOLD more (limit 750 GOLD).",
    );
    expect(screen.queryByTestId("gold-check-amount")).toBeNull();
    fireEvent.change(input, { target: { value: "650" } });
    fireEvent.click(screen.getByTestId("buy-submit"));
    expect(screen.getByTestId("gold-check-amount").getAttribute("data-base-units")).toBe(
      (650n * ONE_GOLD).toString(),
    );
  });

  it("offers the limit's room as the maximum, and nothing once the limit is reached", () => {
    renderWithWallet(<BuySeedPanel seed={seed} onPlanted={() => {}} />, [
      investorStatusSeed(investorStatusFixture()),
    ]);
    fireEvent.click(screen.getByText("Max"));
    expect((screen.getByLabelText("Amount to invest") as HTMLInputElement).value).toBe("650");
    cleanup();
    const full = investorStatusFixture();
    renderWithWallet(<BuySeedPanel seed={seed} onPlanted={() => {}} />, [
      investorStatusSeed({ ...full, credential: { ...full.credential!, available: "0" } }),
    ]);
    expect(screen.queryByTestId("buy-submit")).toBeNull();
    expect(document.body.textContent).toContain("You have reached your limit");
  });
});
