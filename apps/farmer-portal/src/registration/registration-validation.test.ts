import { describe, expect, it } from "vitest";
import { emptyDraft, type RegistrationDraft } from "./registration-draft";
import { toRegistration, validateBusiness, validatePersonal } from "./registration-validation";

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
    expect(validateBusiness(filled.business)).toEqual({});
    expect(toRegistration(filled)).toMatchObject({
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
    expect(validateBusiness({ ...filled.business, crops: " , " })).toEqual({ crops: { kind: "invalid" } });
  });

  it("treats empty number fields as missing, not as zero", () => {
    expect(validateBusiness({ ...filled.business, yearsFarming: "", landAreaHectares: "" })).toEqual({
      yearsFarming: { kind: "invalid" },
      landAreaHectares: { kind: "invalid" },
    });
  });

  it("builds no profile while any step is refused", () => {
    expect(toRegistration(emptyDraft)).toBeNull();
  });
});
