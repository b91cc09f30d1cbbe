import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "../test-support/render-with-i18n";
import { EvidenceBadges } from "./EvidenceBadges";

describe("EvidenceBadges", () => {
  afterEach(cleanup);

  it("shows what was checked, with the date the buyer confirmed", () => {
    renderWithI18n(
      <EvidenceBadges
        evidence={{
          invoiceVerified: true,
          deliveryProven: true,
          buyerConfirmedAt: "2026-11-20T08:00:00.000Z",
        }}
      />,
    );
    expect(screen.getByTestId("badge-invoiceVerified").textContent).toBe("✓ Invoice verified");
    expect(screen.getByTestId("badge-deliveryProven").textContent).toBe("✓ Delivery proven");
    expect(screen.getByTestId("badge-buyerConfirmed").textContent).toMatch(
      /^✓ Buyer confirmed \(.*2026.*\)$/,
    );
  });

  it("claims nothing that was not checked", () => {
    renderWithI18n(
      <EvidenceBadges evidence={{ invoiceVerified: false, deliveryProven: false, buyerConfirmedAt: null }} />,
    );
    expect(screen.queryByTestId("badge-invoiceVerified")).toBeNull();
    expect(screen.queryByTestId("badge-deliveryProven")).toBeNull();
    expect(screen.getByTestId("badge-buyerConfirmed").textContent).toBe("Buyer not confirmed yet");
  });
});
