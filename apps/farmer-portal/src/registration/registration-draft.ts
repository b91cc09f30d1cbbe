import type { Farmer } from "@farm/core";

/** What the farmer has typed so far, as text, exactly as typed; documents are never kept (files cannot be). */
export type PersonalDraft = {
  fullName: string;
  nik: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  street: string;
  province: string;
  city: string;
  district: string;
  postalCode: string;
};

export type BusinessDraft = {
  businessName: string;
  businessType: string;
  npwp: string;
  bankName: string;
  bankAccountNumber: string;
  bankAccountHolder: string;
  /** Comma-separated, e.g. "rice, chili". */
  crops: string;
  landAreaHectares: string;
  yearsFarming: string;
};

export type RegistrationDraft = { step: number; personal: PersonalDraft; business: BusinessDraft };

export const emptyDraft: RegistrationDraft = {
  step: 0,
  personal: {
    fullName: "",
    nik: "",
    email: "",
    phone: "",
    dateOfBirth: "",
    street: "",
    province: "",
    city: "",
    district: "",
    postalCode: "",
  },
  business: {
    businessName: "",
    businessType: "",
    npwp: "",
    bankName: "",
    bankAccountNumber: "",
    bankAccountHolder: "",
    crops: "",
    landAreaHectares: "",
    yearsFarming: "",
  },
};

const storageKey = (wallet: string) => `farm.registrationDraft.${wallet.toLowerCase()}`;

function pickStrings<T extends Record<string, string>>(template: T, stored: unknown): T {
  const source = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  const result = { ...template };
  for (const key of Object.keys(template) as (keyof T)[]) {
    const value = source[key as string];
    if (typeof value === "string") result[key] = value as T[keyof T];
  }
  return result;
}

/**
 * A new registration after a rejection starts from the refused one: every field as the farmer sent it (the backend
 * returns them to their own farmer only), except the fields the admin refused, which start empty to be typed again.
 */
export function draftFromFarmer(
  farmer: Pick<Farmer, "personal" | "business" | "refused">,
): RegistrationDraft {
  const draft = sentDraft(farmer);
  for (const field of farmer.refused?.fields ?? []) {
    if (field in draft.personal) draft.personal[field as keyof PersonalDraft] = "";
    else draft.business[field as keyof BusinessDraft] = "";
  }
  return draft;
}

function sentDraft(farmer: Pick<Farmer, "personal" | "business">): RegistrationDraft {
  const { personal, business } = farmer;
  return {
    step: 0,
    personal: {
      fullName: personal.fullName,
      nik: personal.nik,
      email: personal.email,
      phone: personal.phone,
      dateOfBirth: personal.dateOfBirth,
      ...personal.address,
    },
    business: {
      businessName: business.businessName,
      businessType: business.businessType,
      npwp: business.npwp,
      bankName: business.bankName,
      bankAccountNumber: business.bankAccountNumber,
      bankAccountHolder: business.bankAccountHolder,
      crops: business.crops.join(", "),
      landAreaHectares: String(business.landAreaHectares),
      yearsFarming: String(business.yearsFarming),
    },
  };
}

/** The draft this wallet left in this browser, else `start`; anything malformed in storage is ignored, never
 *  trusted. */
export function loadDraft(wallet: string, start: RegistrationDraft = emptyDraft): RegistrationDraft {
  try {
    const stored = JSON.parse(
      localStorage.getItem(storageKey(wallet)) ?? "null",
    ) as Partial<RegistrationDraft> | null;
    if (!stored) return start;
    const step = typeof stored.step === "number" && stored.step >= 0 && stored.step <= 3 ? stored.step : 0;
    return {
      step,
      personal: pickStrings(emptyDraft.personal, stored.personal),
      business: pickStrings(emptyDraft.business, stored.business),
    };
  } catch {
    return start;
  }
}

export function saveDraft(wallet: string, draft: RegistrationDraft): void {
  localStorage.setItem(storageKey(wallet), JSON.stringify(draft));
}

export function clearDraft(wallet: string): void {
  localStorage.removeItem(storageKey(wallet));
}
