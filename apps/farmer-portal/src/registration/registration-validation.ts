import {
  type AmountStyle,
  businessDetailsSchema,
  type FarmerRegistration,
  parseNumberText,
  personalInfoSchema,
} from "@farm/core";
import { type FieldProblem, problemOf } from "@farm/ui";
import {
  type BusinessDraft,
  numberFieldDecimals,
  type PersonalDraft,
  type RegistrationDraft,
} from "./registration-draft";

/** Field name -> true when the backend's own schema refuses it; the page words each field's problem itself. */
export type FieldErrors = Partial<Record<string, FieldProblem>>;

/**
 * A number field read in the page's language with core's strict separator rules (id "1.000,5" = 1000.5, "2.5" refused
 * on an Indonesian page), as the JSON number the API takes; NaN when it does not read, which the schema refuses.
 * The reader's own limit is far above the schema's, so a too large figure is worded with the schema's maximum.
 */
function number(text: string, language: AmountStyle, decimals: number): number {
  const read = parseNumberText(text, language, decimals, 1e12);
  return read.ok ? read.value : Number.NaN;
}

export function toPersonalInfo(personal: PersonalDraft) {
  return {
    fullName: personal.fullName,
    nik: personal.nik.trim(),
    email: personal.email.trim(),
    phone: personal.phone,
    dateOfBirth: personal.dateOfBirth,
    address: {
      street: personal.street,
      province: personal.province,
      city: personal.city,
      district: personal.district,
      postalCode: personal.postalCode.trim(),
    },
  };
}

export function toBusinessDetails(business: BusinessDraft, language: AmountStyle) {
  return {
    businessName: business.businessName,
    businessType: business.businessType,
    npwp: business.npwp,
    bankName: business.bankName,
    bankAccountNumber: business.bankAccountNumber,
    bankAccountHolder: business.bankAccountHolder,
    crops: business.crops
      .split(",")
      .map((crop) => crop.trim())
      .filter(Boolean),
    landAreaHectares: number(business.landAreaHectares, language, numberFieldDecimals.landAreaHectares),
    yearsFarming: number(business.yearsFarming, language, numberFieldDecimals.yearsFarming),
  };
}

function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  return first === "address" && typeof second === "string" ? second : String(first);
}

type Issue = { path: readonly PropertyKey[]; code: string; message: string };

/** The value at an issue's path in what was checked: a too-short message needs to know whether anything was typed. */
function valueAt(checked: unknown, path: readonly PropertyKey[]): unknown {
  let value = checked;
  for (const key of path)
    value =
      typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

function errorsOf(checked: unknown, result: { success: boolean; error?: { issues: readonly Issue[] } }) {
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? [])
    errors[fieldOf(issue.path)] ??= problemOf(issue, valueAt(checked, issue.path));
  return errors;
}

/** Checks step 1 with the same zod schema the backend applies to `profile.personal`. */
export function validatePersonal(personal: PersonalDraft): FieldErrors {
  const checked = toPersonalInfo(personal);
  return errorsOf(checked, personalInfoSchema.safeParse(checked));
}

/** Checks step 2 with the same zod schema the backend applies to `profile.business`, numbers read in `language`. */
export function validateBusiness(business: BusinessDraft, language: AmountStyle): FieldErrors {
  const checked = toBusinessDetails(business, language);
  return errorsOf(checked, businessDetailsSchema.safeParse(checked));
}

/** The `profile` JSON of the multipart request, or null while any field is refused. */
export function toRegistration(draft: RegistrationDraft, language: AmountStyle): FarmerRegistration | null {
  const personal = personalInfoSchema.safeParse(toPersonalInfo(draft.personal));
  const business = businessDetailsSchema.safeParse(toBusinessDetails(draft.business, language));
  if (!personal.success || !business.success) return null;
  return { personal: personal.data, business: business.data };
}
