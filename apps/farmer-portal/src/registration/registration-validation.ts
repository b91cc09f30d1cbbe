import { businessDetailsSchema, type FarmerRegistration, personalInfoSchema } from "@farm/core";
import { type FieldProblem, problemOf } from "@farm/ui";
import type { BusinessDraft, PersonalDraft, RegistrationDraft } from "./registration-draft";

/** Field name -> true when the backend's own schema refuses it; the page words each field's problem itself. */
export type FieldErrors = Partial<Record<string, FieldProblem>>;

function number(text: string): number {
  const trimmed = text.trim().replace(",", ".");
  return trimmed === "" ? Number.NaN : Number(trimmed);
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

export function toBusinessDetails(business: BusinessDraft) {
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
    landAreaHectares: number(business.landAreaHectares),
    yearsFarming: number(business.yearsFarming),
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

/** Checks step 2 with the same zod schema the backend applies to `profile.business`. */
export function validateBusiness(business: BusinessDraft): FieldErrors {
  const checked = toBusinessDetails(business);
  return errorsOf(checked, businessDetailsSchema.safeParse(checked));
}

/** The `profile` JSON of the multipart request, or null while any field is refused. */
export function toRegistration(draft: RegistrationDraft): FarmerRegistration | null {
  const personal = personalInfoSchema.safeParse(toPersonalInfo(draft.personal));
  const business = businessDetailsSchema.safeParse(toBusinessDetails(draft.business));
  if (!personal.success || !business.success) return null;
  return { personal: personal.data, business: business.data };
}
