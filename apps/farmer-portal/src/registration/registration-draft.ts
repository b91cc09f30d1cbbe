import { type AmountStyle, type Farmer, numberInputText, retypeDecimalText } from "@farm/core";

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

/** How many decimals each number field of the business step takes (the API's land area has two). */
export const numberFieldDecimals = { landAreaHectares: 2, yearsFarming: 0 } as const;

/** The number fields re-written from one language's form to another's, keeping their values ("2,5" -> "2.5"). */
export function retypeBusiness(business: BusinessDraft, from: AmountStyle, to: AmountStyle): BusinessDraft {
  if (from === to) return business;
  const retyped = { ...business };
  for (const [field, decimals] of Object.entries(numberFieldDecimals) as [
    keyof typeof numberFieldDecimals,
    number,
  ][])
    retyped[field] = retypeDecimalText(business[field], from, to, decimals);
  return retyped;
}

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
  language: AmountStyle,
): RegistrationDraft {
  const draft = sentDraft(farmer, language);
  for (const field of farmer.refused?.fields ?? []) {
    if (field in draft.personal) draft.personal[field as keyof PersonalDraft] = "";
    else draft.business[field as keyof BusinessDraft] = "";
  }
  return draft;
}

function sentDraft(farmer: Pick<Farmer, "personal" | "business">, language: AmountStyle): RegistrationDraft {
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
      // Written as the page's language types it: 2.5 ha is "2,5" on an Indonesian page.
      landAreaHectares: numberInputText(
        business.landAreaHectares,
        language,
        numberFieldDecimals.landAreaHectares,
      ),
      yearsFarming: numberInputText(business.yearsFarming, language, numberFieldDecimals.yearsFarming),
    },
  };
}

/** The draft this wallet left in this browser, else `start`; anything malformed in storage is ignored, never
 *  trusted. A draft typed in another language has its numbers re-written in `language`'s form. */
export function loadDraft(
  wallet: string,
  start: RegistrationDraft = emptyDraft,
  language?: AmountStyle,
): RegistrationDraft {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(wallet)) ?? "null") as
      | (Partial<RegistrationDraft> & { language?: unknown })
      | null;
    if (!stored) return start;
    const step = typeof stored.step === "number" && stored.step >= 0 && stored.step <= 3 ? stored.step : 0;
    const business = pickStrings(emptyDraft.business, stored.business);
    const typedIn = stored.language === "en" || stored.language === "id" ? stored.language : undefined;
    return {
      step,
      personal: pickStrings(emptyDraft.personal, stored.personal),
      business: typedIn && language ? retypeBusiness(business, typedIn, language) : business,
    };
  } catch {
    return start;
  }
}

/** Kept with the language it was typed in, so its numbers are read back in that language's form. */
export function saveDraft(wallet: string, draft: RegistrationDraft, language?: AmountStyle): void {
  localStorage.setItem(storageKey(wallet), JSON.stringify(language ? { ...draft, language } : draft));
}

export function clearDraft(wallet: string): void {
  localStorage.removeItem(storageKey(wallet));
}
