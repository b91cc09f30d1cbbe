import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { ReviewStep } from "./ReviewStep";
import { emptyDraft } from "./registration-draft";

afterEach(cleanup);

const draft = {
  ...emptyDraft,
  personal: { ...emptyDraft.personal, fullName: "Siti", dateOfBirth: "1985-04-12" },
};
const noDocuments = { ktp: null, npwp: null, bankStatement: null };

/** The value shown next to a field's label on the review step. */
const shownFor = (label: string) => screen.getByText(label).parentElement?.querySelector("dd")?.textContent;

describe("the registration's review step", () => {
  it("shows the date of birth in the page's date format, not as typed in the date picker", () => {
    renderWithWallet(
      <ReviewStep draft={draft} documents={noDocuments} kept={new Set()} progress={null} />,
      [],
      "id",
    );
    expect(shownFor("Tanggal lahir")).toBe("12 Apr 1985");
    cleanup();
    renderWithWallet(
      <ReviewStep draft={draft} documents={noDocuments} kept={new Set()} progress={null} />,
      [],
      "en",
    );
    expect(shownFor("Date of birth")).toBe("Apr 12, 1985");
  });
});
