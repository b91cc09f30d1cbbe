import { ONE_GOLD } from "@farm/core";
import { type ChainConfig, chainConfigQueryKey } from "@farm/ui";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { investorStatusFixture, investorStatusSeed } from "./investor-status.test-support";
import { VerificationStatus } from "./VerificationStatus";
import { VerifyForm } from "./VerifyForm";

afterEach(cleanup);

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the verification form", () => {
  it("counts the NIK's digits as typed and refuses letters", () => {
    renderWithWallet(<VerifyForm />);
    type(/^NIK/, "317401");
    expect(document.getElementById("verify-nik-hint")?.textContent).toContain("6 of 16 digits");
    expect(screen.getByRole("alert").textContent).toBe("The NIK has exactly 16 digits (6 typed).");
    type(/^NIK/, "31740a");
    expect(screen.getByRole("alert").textContent).toBe("The NIK has digits only.");
    type(/^NIK/, "3174015505900002");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("reads the income in Indonesian and shows the limit it gives at the deployment's rate and limits", () => {
    // This deployment lets a retail lender hold 5 % of its income (INVESTOR_LIMIT_RETAIL_BPS=500), not the default 10 %.
    const status = investorStatusFixture({ limitBps: { retail: 500, professional: 2000 } });
    renderWithWallet(<VerifyForm />, [investorStatusSeed(status)], "id");
    expect(screen.getByText(/^Paling banyak 5 % dari penghasilan tahunan Anda boleh/)).toBeTruthy();
    type(/^Penghasilan tahunan/, "120.000.000");
    // 5 % of Rp120.000.000 = Rp6.000.000 = 375 GOLD at Rp16.000 per GOLD (the test config).
    expect(document.getElementById("verify-income-hint")?.textContent).toBe(
      "Ini memberi batas 375 GOLD (Rp6.000.000): 5 % dari Rp120.000.000, jumlah terbanyak yang boleh Anda danakan sekaligus.",
    );
    fireEvent.click(screen.getByLabelText(/Pemberi dana profesional/));
    expect(document.getElementById("verify-income-hint")?.textContent).toContain("1.500 GOLD");
    type(/^Penghasilan tahunan/, "120,000,000");
    expect(screen.getByRole("alert").textContent).toBe(
      'Tulis penghasilan dengan "." di antara ribuan, contoh 120.000.000.',
    );
  });

  it("previews no limit on a deployment without a Rupiah rate (approvals need one)", () => {
    const noRate: Partial<ChainConfig> = {
      rupiahPerGold: null,
      rupiahRateSource: null,
      rupiahRateDate: null,
    };
    renderWithWallet(
      <VerifyForm />,
      [[chainConfigQueryKey, { chainId: 31337, confirmations: 0, ...noRate }]],
      "id",
    );
    type(/^Penghasilan tahunan/, "120.000.000");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.getElementById("verify-income-hint")?.textContent).toBe(
      "Penghasilan Anda setahun, contoh 120.000.000.",
    );
  });

  it("asks a professional lender for a reason and checks the KTP before any upload", () => {
    renderWithWallet(<VerifyForm />);
    expect(screen.queryByLabelText(/Why you are a professional lender/)).toBeNull();
    fireEvent.click(screen.getByLabelText(/Professional lender/));
    type(/Why you are a professional lender/, "I trade");
    expect(screen.getByRole("alert").textContent).toBe("Please write at least 20 characters (7 so far).");
    const ktp = screen.getByLabelText(/Photo or scan of your KTP/);
    fireEvent.change(ktp, { target: { files: [new File(["x"], "ktp.gif", { type: "image/gif" })] } });
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain(
      "This kind of file is not accepted here.",
    );
  });

  it("sends nothing and marks every missing field when submitted empty", () => {
    renderWithWallet(<VerifyForm />);
    fireEvent.click(screen.getByTestId("verify-submit"));
    const alerts = screen.getAllByRole("alert").map((alert) => alert.textContent);
    expect(alerts).toContain("Please write your full name as on your KTP.");
    expect(alerts).toContain("Please enter your date of birth.");
    expect(alerts).toContain("Please enter your annual income in Rupiah.");
    expect(alerts).toContain("Please choose this document.");
    expect(screen.getByTestId("verify-submit").hasAttribute("disabled")).toBe(false);
  });
});

describe("the verification's status", () => {
  it("shows an approved credential's limit, what is lent and what is left", () => {
    renderWithWallet(<VerificationStatus status={investorStatusFixture()} />);
    expect(screen.getByTestId("verification-state-text").textContent).toBe(
      "Verified (Retail lender) until Nov 2, 2027.",
    );
    expect(screen.getByTestId("limit-available").getAttribute("data-base-units")).toBe(
      (650n * ONE_GOLD).toString(),
    );
  });

  it("shows a rejection's reason with what to do, and a freeze with whom to contact", () => {
    const rejected = investorStatusFixture({
      canInvest: false,
      blockedBy: "rejected",
      credential: null,
      verification: {
        ...investorStatusFixture().verification!,
        status: "rejected",
        reason: "KTP photo unreadable",
      },
    });
    renderWithWallet(<VerificationStatus status={rejected} />, [investorStatusSeed(rejected)]);
    expect(screen.getByTestId("verification-state-text").textContent).toBe(
      "Your verification was refused: KTP photo unreadable Correct what the reason says and send the form again below.",
    );
    cleanup();
    const base = investorStatusFixture();
    const frozen = {
      ...base,
      canInvest: false,
      blockedBy: "frozen" as const,
      credential: { ...base.credential!, frozen: true },
    };
    renderWithWallet(<VerificationStatus status={frozen} />);
    expect(screen.getByTestId("verification-status").getAttribute("data-state")).toBe("frozen");
    expect(screen.getByTestId("verification-state-text").textContent).toContain("Contact support");
  });

  it("shows a new verification waiting for review after an expired credential, not the form again", async () => {
    const { verificationState } = await import("./VerificationStatus");
    const base = investorStatusFixture();
    const renewing = {
      ...base,
      canInvest: false,
      blockedBy: "expired" as const,
      credential: { ...base.credential!, expired: true },
      verification: { ...base.verification!, status: "pending" as const },
    };
    expect(verificationState(renewing)).toBe("pending");
    expect(verificationState({ ...renewing, verification: base.verification })).toBe("expired");
  });
});
