import { describe, expect, it } from "vitest";
import { emptyDraft, type RegistrationDraft } from "./registration-draft";
import {
  toBusinessDetails,
  toRegistration,
  validateBusiness,
  validatePersonal,
} from "./registration-validation";

const filled: RegistrationDraft = {
  step: 3,
  personal: {
    fullName: "Siti Rahayu",
    nik: "3201012345678901",
    email: "siti@example.com",
    phone: "0812 3456 7890",
    dateOfBirth: "1985-04-12",
    street: "Jalan Sawah Indah 12",
    province: "Jawa Barat",
    city: "Bandung",
    district: "Ciparay",
    postalCode: "40381",
  },
  business: {
    businessName: "Koperasi Tani Makmur",
    businessType: "cooperative",
    npwp: "01.234.567.8-901.000",
    bankName: "BRI",
    bankAccountNumber: "0123-4567-89012",
    bankAccountHolder: "Koperasi Tani Makmur",
    crops: "rice, chili, ",
    landAreaHectares: "12,5",
    yearsFarming: "9",
  },
};

describe("registration validation with the backend's schemas", () => {
  it("accepts a complete draft and builds the profile JSON the backend expects", () => {
    expect(validatePersonal(filled.personal)).toEqual({});
    expect(validateBusiness(filled.business, "id")).toEqual({});
    expect(toRegistration(filled, "id")).toMatchObject({
      personal: { phone: "+6281234567890", address: { postalCode: "40381", city: "Bandung" } },
      business: {
        npwp: "012345678901000",
        crops: ["rice", "chili"],
        landAreaHectares: 12.5,
        yearsFarming: 9,
      },
    });
  });

  it("names each refused field, address parts by their own name", () => {
    const errors = validatePersonal({ ...filled.personal, nik: "12345", postalCode: "4038", email: "nope" });
    expect(Object.keys(errors).sort()).toEqual(["email", "nik", "postalCode"]);
  });

  it("refuses a farmer younger than 17 and an empty crop list", () => {
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 16);
    expect(validatePersonal({ ...filled.personal, dateOfBirth: young.toISOString().slice(0, 10) })).toEqual({
      dateOfBirth: { kind: "invalid" },
    });
    expect(validateBusiness({ ...filled.business, crops: " , " }, "id")).toEqual({
      crops: { kind: "invalid" },
    });
  });

  it("treats empty number fields as missing, not as zero", () => {
    expect(validateBusiness({ ...filled.business, yearsFarming: "", landAreaHectares: "" }, "id")).toEqual({
      yearsFarming: { kind: "invalid" },
      landAreaHectares: { kind: "invalid" },
    });
  });

  it("builds no profile while any step is refused", () => {
    expect(toRegistration(emptyDraft, "en")).toBeNull();
  });

  describe("reads the land area in the page's language, sending the JSON number the API takes", () => {
    const landArea = (text: string, language: "en" | "id") =>
      toBusinessDetails({ ...filled.business, landAreaHectares: text }, language).landAreaHectares;
    const refused = (text: string, language: "en" | "id") =>
      validateBusiness({ ...filled.business, landAreaHectares: text }, language).landAreaHectares;

    it.each([
      ["1.000", 1000],
      ["1.500", 1500],
      ["12.000", 12000],
      ["1.000,5", 1000.5],
      ["2,5", 2.5],
    ])("id %s -> %d hectares", (text, hectares) => {
      expect(landArea(text, "id")).toBe(hectares);
      expect(refused(text, "id")).toBeUndefined();
      expect(
        toRegistration({ ...filled, business: { ...filled.business, landAreaHectares: text } }, "id"),
      ).toMatchObject({ business: { landAreaHectares: hectares } });
    });

    it.each([
      ["1,000.5", 1000.5],
      ["1.5", 1.5],
      ["12,000", 12000],
    ])("en %s -> %d hectares", (text, hectares) => {
      expect(landArea(text, "en")).toBe(hectares);
      expect(refused(text, "en")).toBeUndefined();
    });

    it("refuses the other language's form and more than 2 decimals, never guessing", () => {
      for (const [text, language] of [
        ["2.5", "id"],
        ["1.000,5", "en"],
        ["2,5", "en"],
        ["2,555", "id"],
        ["0", "id"],
      ] as const) {
        expect(refused(text, language)).toEqual({ kind: "invalid" });
        expect(
          toRegistration({ ...filled, business: { ...filled.business, landAreaHectares: text } }, language),
        ).toBeNull();
      }
      expect(refused("100.000,5", "id")).toEqual({ kind: "atMost", max: 100_000 });
    });

    it("reads years of farming as a whole number in the page's language", () => {
      expect(validateBusiness({ ...filled.business, yearsFarming: "9,5" }, "id")).toEqual({
        yearsFarming: { kind: "invalid" },
      });
    });
  });
});
