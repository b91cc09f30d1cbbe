import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { pendingFarmer } from "../test-support/farmer";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { FarmerReview } from "./FarmerReview";
import { InvestorCard } from "./InvestorCard";

afterEach(cleanup);

const otherAdmin = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

describe("no decision offered on the admin's own wallet", () => {
  it("shows its own KYC registration without approve or reject, saying another admin decides (en)", () => {
    renderWithWallet(
      <FarmerReview farmer={pendingFarmer} admin={pendingFarmer.walletAddress.toLowerCase()} />,
    );
    expect(screen.queryByTestId("approve-farmer")).toBeNull();
    expect(screen.queryByText("Reject…")).toBeNull();
    expect(screen.getByTestId("own-wallet").textContent).toBe(
      "This is your own wallet: another admin decides on it.",
    );
  });

  it("offers the decisions on another wallet's registration", () => {
    renderWithWallet(<FarmerReview farmer={pendingFarmer} admin={otherAdmin} />);
    expect(screen.getByTestId("approve-farmer")).toBeTruthy();
    expect(screen.queryByTestId("own-wallet")).toBeNull();
  });

  it("shows its own investor verification without approve, freeze or move (id)", () => {
    const wallet = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";
    const investor = {
      id: "5d0c1f7e-8a47-4b8e-9c3e-1a2b3c4d5e6f",
      wallet,
      status: "pending" as const,
      fullName: "Dewi Lestari",
      nik: "3174015505900002",
      dateOfBirth: "1990-05-15",
      annualIncomeRupiah: "120000000",
      tier: "retail" as const,
      professionalReason: null,
      reason: null,
      ktp: {
        contentType: "image/png",
        sizeBytes: 2048,
        sha256: "a".repeat(64),
        uploadedAt: "2026-11-25T08:00:00Z",
      },
      submittedAt: "2026-11-25T08:00:00.000Z",
      reviewedAt: null,
      reviewedBy: null,
      credentialTxHash: null,
      validUntil: null,
      limit: null,
      credential: null,
    };
    renderWithWallet(<InvestorCard investor={investor} admin={wallet} />, [], "id");
    expect(screen.queryByTestId("approve-investor")).toBeNull();
    expect(screen.getByTestId("own-wallet").textContent).toBe(
      "Ini dompet Anda sendiri: admin lain yang memutuskannya.",
    );
    cleanup();
    renderWithWallet(<InvestorCard investor={{ ...investor, status: "approved" }} admin={wallet} />);
    expect(screen.queryByTestId("freeze-investor")).toBeNull();
    expect(screen.queryByText("Move to a new wallet…")).toBeNull();
  });
});
