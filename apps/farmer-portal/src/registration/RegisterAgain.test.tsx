import type { Farmer } from "@farm/core";
import { createQueryClient, I18nProvider } from "@farm/ui";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { dictionaries } from "../i18n/dictionaries";
import { RegistrationWizard } from "./RegistrationWizard";

const wallet = "0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199";

/** A refused registration as GET /api/farmers/me returns it to its own farmer. */
const refused: Farmer = {
  id: "5f0c8a0e-2a3b-4c5d-8e9f-0a1b2c3d4e5f",
  walletAddress: wallet,
  status: "rejected",
  personal: {
    fullName: "Siti Rahayu",
    nik: "3201012345678901",
    email: "siti@example.com",
    phone: "+6281234567890",
    dateOfBirth: "1985-04-12",
    address: {
      street: "Jalan Sawah Indah 12",
      province: "Jawa Barat",
      city: "Bandung",
      district: "Ciparay",
      postalCode: "40381",
    },
  },
  business: {
    businessName: "Koperasi Tani Makmur",
    businessType: "cooperative",
    npwp: "012345678901000",
    bankName: "BRI",
    bankAccountNumber: "0123456789012",
    bankAccountHolder: "Koperasi Tani Makmur",
    crops: ["rice", "chili"],
    landAreaHectares: 12.5,
    yearsFarming: 9,
  },
  documents: [],
  rejectionReason: "The KTP photo is unreadable",
  refused: null,
  submittedAt: "2026-11-20T10:00:00.000Z",
  reviewedAt: "2026-11-21T10:00:00.000Z",
};

function renderWizard(previous?: Farmer) {
  localStorage.setItem("farm.language", "en");
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider dictionaries={dictionaries}>
        <RegistrationWizard wallet={wallet} refused={previous} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const value = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe("registering again after a rejection", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("starts from every field of the refused registration, names the reason and asks only for the documents", () => {
    renderWizard(refused);
    expect(screen.getByTestId("register-again-prefilled").textContent).toContain(
      "The KTP photo is unreadable",
    );
    expect(value(/Full name/)).toBe("Siti Rahayu");
    expect(value(/^NIK/)).toBe("3201012345678901");
    expect(value(/Mobile number/)).toBe("+6281234567890");
    expect(value(/Postal code/)).toBe("40381");
    act(() => {
      fireEvent.click(screen.getByTestId("next-step"));
    });
    expect(value(/Business or farm name/)).toBe("Koperasi Tani Makmur");
    expect(value(/Crops/)).toBe("rice, chili");
    expect(value(/Land area/)).toBe("12.5");
    expect(value(/Years of farming/)).toBe("9");
    act(() => {
      fireEvent.click(screen.getByTestId("next-step"));
    });
    // The documents step: the files are the one thing chosen again.
    expect(screen.queryByLabelText(/Business or farm name/)).toBeNull();
  });

  it("leaves the refused fields empty with the admin's note, and asks again only for the refused document", () => {
    const stored = (kind: Farmer["documents"][number]["kind"]) => ({
      kind,
      contentType: "application/pdf",
      sizeBytes: 1000,
      sha256: "a".repeat(64),
      uploadedAt: "2026-11-20T10:00:00.000Z",
    });
    renderWizard({
      ...refused,
      documents: [stored("ktp"), stored("npwp"), stored("bankStatement")],
      refused: { documents: ["ktp"], fields: ["nik", "bankAccountNumber"] },
    });
    const notice = screen.getByTestId("register-again-prefilled").textContent ?? "";
    expect(notice).toContain("The KTP photo is unreadable");
    expect(notice).toContain("Refused: KTP (identity card), NIK");
    expect(value(/Full name/)).toBe("Siti Rahayu");
    expect(value(/^NIK/)).toBe("");
    expect(document.getElementById("nik-hint")?.textContent).toContain(
      "Refused by the reviewer (The KTP photo is unreadable)",
    );
    expect(document.getElementById("fullName-hint")).toBeNull();
    fireEvent.change(screen.getByLabelText(/^NIK/), { target: { value: "3201012345678902" } });
    act(() => {
      fireEvent.click(screen.getByTestId("next-step"));
    });
    expect(value(/Business or farm name/)).toBe("Koperasi Tani Makmur");
    expect(value(/Bank account number/)).toBe("");
    expect(value(/NPWP number/)).toBe("012345678901000");
    fireEvent.change(screen.getByLabelText(/Bank account number/), { target: { value: "0123456789013" } });
    act(() => {
      fireEvent.click(screen.getByTestId("next-step"));
    });
    // Documents: the KTP is refused and asked for; the NPWP and the bank statement are kept unless replaced.
    expect(document.getElementById("document-ktp-input-hint")?.textContent).toContain(
      "Refused by the reviewer",
    );
    expect(document.getElementById("document-npwp-input-hint")?.textContent).toContain("Kept from your last");
    expect(document.getElementById("document-bankStatement-input-hint")?.textContent).toContain("Kept from");
    act(() => {
      fireEvent.click(screen.getByTestId("next-step"));
    });
    expect(screen.getByText("Please choose this document.")).toBeTruthy();
    const ktp = new File(["%PDF-1.4"], "ktp.pdf", { type: "application/pdf" });
    fireEvent.change(screen.getByLabelText(/^KTP/), { target: { files: [ktp] } });
    act(() => {
      fireEvent.click(screen.getByTestId("next-step"));
    });
    expect(screen.getAllByText(/kept from your last registration/).length).toBe(2);
    expect((screen.getByTestId("submit-registration") as HTMLButtonElement).disabled).toBe(false);
  });

  it("marks the NPWP card refused without marking the NPWP number (one name, two items)", () => {
    renderWizard({ ...refused, refused: { documents: ["npwp"], fields: [] } });
    act(() => {
      fireEvent.click(screen.getByTestId("next-step"));
    });
    expect(value(/NPWP number/)).toBe("012345678901000");
    expect(document.getElementById("npwp-hint")?.textContent ?? "").not.toContain("Refused");
    act(() => {
      fireEvent.click(screen.getByTestId("next-step"));
    });
    expect(document.getElementById("document-npwp-input-hint")?.textContent).toContain(
      "Refused by the reviewer",
    );
  });

  it("says what is wrong with a one-letter bank name and 200 years of farming", () => {
    renderWizard(refused);
    act(() => {
      fireEvent.click(screen.getByTestId("next-step"));
    });
    fireEvent.change(screen.getByLabelText(/^Bank( \*)?$/), { target: { value: "B" } });
    fireEvent.change(screen.getByLabelText(/Years of farming/), { target: { value: "200" } });
    expect(screen.getByText("At least 2 characters, please.")).toBeTruthy();
    expect(screen.getByText("At most 100.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Bank( \*)?$/), { target: { value: "" } });
    expect(screen.getByText("Please write the name of your bank.")).toBeTruthy();
  });
});
