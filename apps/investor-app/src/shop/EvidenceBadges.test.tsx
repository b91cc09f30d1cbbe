import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "../test-support/render-with-i18n";
import { EvidenceBadges } from "./EvidenceBadges";

const checked = {
  invoiceVerified: true,
  deliveryProven: true,
  buyerConfirmedAt: "2026-12-03T08:00:00.000Z",
  buyerConfirmedEmailDomain: "pt-example.co.id",
  buyerConfirmedFreeMail: false,
};

describe("EvidenceBadges", () => {
  afterEach(cleanup);

  it("says exactly what was checked, with a one-line explanation each", () => {
    renderWithI18n(<EvidenceBadges evidence={checked} />);
    expect(screen.getByTestId("badge-invoiceVerified-text").textContent).toBe(
      "✓ Document on file, fingerprint on chain",
    );
    expect(screen.getByTestId("badge-deliveryProven-text").textContent).toBe("✓ Delivery document on file");
    expect(screen.getByTestId("badge-buyerConfirmed-text").textContent).toBe(
      "✓ Buyer confirmed by e-mail at pt-example.co.id on 3 Dec 2026",
    );
    expect(screen.getByTestId("badge-buyerConfirmed").textContent).toContain("never through the farmer");
    expect(screen.getByTestId("badge-invoiceVerified").textContent).toContain("not audited");
  });

  it("says it in Indonesian with the date in Indonesian", () => {
    renderWithI18n(<EvidenceBadges evidence={checked} />, "id");
    expect(screen.getByTestId("badge-buyerConfirmed-text").textContent).toBe(
      "✓ Pembeli mengonfirmasi lewat e-mail di pt-example.co.id pada 3 Des 2026",
    );
    expect(screen.getByTestId("badge-invoiceVerified-text").textContent).toBe(
      "✓ Dokumen tersimpan, sidik jari di rantai",
    );
  });

  it("marks a confirmation through a free-mail address as weaker", () => {
    renderWithI18n(
      <EvidenceBadges
        evidence={{ ...checked, buyerConfirmedEmailDomain: "gmail.com", buyerConfirmedFreeMail: true }}
      />,
    );
    const badge = screen.getByTestId("badge-buyerConfirmed");
    expect(badge.getAttribute("data-free-mail")).toBe("true");
    expect(badge.textContent).toContain("free e-mail provider");
  });

  it("claims nothing that was not checked", () => {
    renderWithI18n(
      <EvidenceBadges
        evidence={{
          invoiceVerified: false,
          deliveryProven: false,
          buyerConfirmedAt: null,
          buyerConfirmedEmailDomain: null,
          buyerConfirmedFreeMail: false,
        }}
      />,
    );
    expect(screen.queryByTestId("badge-invoiceVerified")).toBeNull();
    expect(screen.queryByTestId("badge-deliveryProven")).toBeNull();
    expect(screen.getByTestId("badge-buyerConfirmed").textContent).toBe("Buyer not confirmed yet");
  });
});
