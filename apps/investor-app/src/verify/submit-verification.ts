import type { InvestorVerificationRequest } from "@farm/core";
import { type UploadProgress, uploadForm } from "@farm/ui";
import type { VerifyFields } from "./verify-form";

/** The multipart body of `POST /api/investors/verification`: the JSON field `verification`, then the file `ktp`. */
export function verificationForm(fields: VerifyFields, ktp: File): FormData {
  const verification: InvestorVerificationRequest = {
    fullName: fields.fullName,
    nik: fields.nik,
    dateOfBirth: fields.dateOfBirth,
    annualIncomeRupiah: fields.annualIncomeRupiah.toString(),
    tier: fields.tier,
    ...(fields.professionalReason ? { professionalReason: fields.professionalReason } : {}),
  };
  const form = new FormData();
  form.append("verification", JSON.stringify(verification));
  form.append("ktp", ktp, ktp.name);
  return form;
}

export function submitVerification(
  fields: VerifyFields,
  ktp: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<{ id: string; status: "pending" }> {
  return uploadForm("/investors/verification", verificationForm(fields, ktp), onProgress);
}
