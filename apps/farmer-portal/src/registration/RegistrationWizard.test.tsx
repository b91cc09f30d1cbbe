import { createQueryClient, I18nProvider, LanguageSwitch } from "@farm/ui";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { dictionaries } from "../i18n/dictionaries";
import { RegistrationWizard } from "./RegistrationWizard";
import { emptyDraft, saveDraft } from "./registration-draft";

const wallet = "0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199";

/** An English wizard with step 1 filled in and sent: the business details show. */
function startOnBusinessDetails() {
  localStorage.setItem("farm.language", "en");
  renderWizard();
  for (const [label, value] of personal) type(label, value);
  act(() => {
    fireEvent.click(screen.getByTestId("next-step"));
  });
  expect(screen.getByRole("group", { name: "Business details" })).toBeTruthy();
}

function renderWizard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider dictionaries={dictionaries}>
        <LanguageSwitch />
        <RegistrationWizard wallet={wallet} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const personal: [RegExp, string][] = [
  [/Full name/, "Siti Rahayu"],
  [/^NIK/, "3201012345678901"],
  [/^Email/, "siti@example.com"],
  [/Mobile number/, "081234567890"],
  [/Date of birth/, "1985-04-12"],
  [/Street address/, "Jalan Sawah Indah 12"],
  [/^Province/, "Jawa Barat"],
  [/City or regency/, "Bandung"],
  [/District/, "Ciparay"],
  [/Postal code/, "40381"],
];

describe("RegistrationWizard", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("words a refused field as the farmer types and marks it invalid", () => {
    localStorage.setItem("farm.language", "en");
    renderWizard();
    type(/^NIK/, "12345");
    expect(screen.getByText("The NIK is exactly 16 digits, as printed on your KTP.")).toBeTruthy();
    expect(screen.getByLabelText(/^NIK/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("Please write your street address.")).toBeNull();
  });

  it("stays on the step and shows every problem when Next is pressed too early", () => {
    localStorage.setItem("farm.language", "en");
    renderWizard();
    act(() => {
      fireEvent.click(screen.getByTestId("next-step"));
    });
    expect(screen.getByRole("group", { name: "Personal information" })).toBeTruthy();
    expect(screen.getAllByRole("alert").length).toBe(personal.length);
  });

  it("moves to business details once step 1 is valid and keeps the draft across a reload", async () => {
    startOnBusinessDetails();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Type of business/)));
    type(/Business or farm name/, "Koperasi Tani Makmur");
    cleanup();
    renderWizard();
    expect((screen.getByLabelText(/Business or farm name/) as HTMLInputElement).value).toBe(
      "Koperasi Tani Makmur",
    );
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Back" }));
    });
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe("Siti Rahayu");
  });

  it("moves between steps with the browser's Back and Forward", async () => {
    startOnBusinessDetails();
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByRole("group", { name: "Personal information" })).toBeTruthy());
    act(() => window.history.forward());
    await waitFor(() => expect(screen.getByRole("group", { name: "Business details" })).toBeTruthy());
  });

  it("speaks Bahasa Indonesia when chosen", () => {
    localStorage.setItem("farm.language", "id");
    renderWizard();
    type(/^NIK/, "1");
    expect(screen.getByText("NIK harus tepat 16 angka, seperti tertulis di KTP.")).toBeTruthy();
  });

  it("reads the land area in the page's language and names the form it expects", () => {
    localStorage.setItem("farm.language", "id");
    saveDraft(wallet, { ...emptyDraft, step: 1 }, "id");
    renderWizard();
    const landArea = () => screen.getByLabelText(/Luas lahan/) as HTMLInputElement;
    for (const accepted of ["1.000", "12.000", "1.000,5"]) {
      type(/Luas lahan/, accepted);
      expect(landArea().getAttribute("aria-invalid")).not.toBe("true");
    }
    type(/Luas lahan/, "2.5");
    expect(landArea().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/contoh: 1\.250,5/)).toBeTruthy();
  });

  it("re-writes a typed land area in the new language's form, keeping its value", () => {
    localStorage.setItem("farm.language", "en");
    saveDraft(wallet, { ...emptyDraft, step: 1 }, "en");
    renderWizard();
    type(/Land area/, "1,000.5");
    act(() => {
      fireEvent.change(screen.getByTestId("language-switch"), { target: { value: "id" } });
    });
    const landArea = screen.getByLabelText(/Luas lahan/) as HTMLInputElement;
    expect(landArea.value).toBe("1000,5");
    expect(landArea.getAttribute("aria-invalid")).not.toBe("true");
  });
});
