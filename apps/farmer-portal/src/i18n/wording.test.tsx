import { createTranslate, sharedWords, stateWords } from "@farm/ui";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FarmerReview } from "../admin/FarmerReview";
import { pendingFarmer } from "../test-support/farmer";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { dictionaries } from "./dictionaries";

afterEach(cleanup);

const portal = (language: "en" | "id") =>
  createTranslate(
    { ...sharedWords[language], ...stateWords[language], ...dictionaries[language] },
    { ...sharedWords.en, ...stateWords.en, ...dictionaries.en },
    language,
  );

describe("portal wording", () => {
  it("tells the farmer the principal was paid to them, and calls the fee a yield as the form does", () => {
    expect(portal("en")("invoiceState.funded.explain", { date: "3 Mar 2027" })).toBe(
      "The principal was paid to you; repay it with its yield by 3 Mar 2027.",
    );
    expect(portal("en")("invoiceState.repaid.explain")).toBe("Principal and yield are repaid.");
    expect(portal("id")("invoiceState.funded.explain", { date: "3 Mar 2027" })).toContain("kepada Anda");
  });

  it("names the farmer's crops on the admin's KYC card, with the year in its plural form", () => {
    renderWithWallet(<FarmerReview farmer={pendingFarmer} />);
    expect(screen.getByText("Crops grown")).toBeTruthy();
    expect(screen.queryByText("Crops you grow")).toBeNull();
    expect(screen.getByText(/1 year farming/)).toBeTruthy();
  });
});
