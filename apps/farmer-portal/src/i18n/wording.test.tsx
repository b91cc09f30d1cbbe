import type { Farmer } from "@farm/core";
import { createTranslate, sharedWords, stateWords } from "@farm/ui";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FarmerReview } from "../admin/FarmerReview";
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
    const farmer = {
      id: "5f0c8a0e-2a3b-4c5d-8e9f-0a1b2c3d4e5f",
      walletAddress: "0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199",
      status: "pending_review",
      personal: {
        fullName: "Siti Rahayu",
        nik: "3201012345678901",
        email: "siti@example.com",
        phone: "+6281234567890",
        dateOfBirth: "1985-04-12",
        address: {
          street: "Jalan 1",
          province: "Jawa Barat",
          city: "Bandung",
          district: "Ciparay",
          postalCode: "40381",
        },
      },
      business: {
        businessName: "Tani Makmur",
        businessType: "cooperative",
        npwp: "012345678901000",
        bankName: "BRI",
        bankAccountNumber: "0123456789012",
        bankAccountHolder: "Tani Makmur",
        crops: ["rice"],
        landAreaHectares: 12.5,
        yearsFarming: 1,
      },
      documents: [],
      rejectionReason: null,
      refused: null,
      submittedAt: "2026-11-20T10:00:00.000Z",
      reviewedAt: null,
    } satisfies Farmer;
    renderWithWallet(<FarmerReview farmer={farmer} />);
    expect(screen.getByText("Crops grown")).toBeTruthy();
    expect(screen.queryByText("Crops you grow")).toBeNull();
    expect(screen.getByText(/1 year farming/)).toBeTruthy();
  });
});
