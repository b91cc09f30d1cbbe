import type { DocumentKind, FarmerRegistration } from "@farm/core";
import { type UploadProgress, uploadForm } from "@farm/ui";
import { documentKinds } from "../documents/document-check";

export type RegistrationAnswer = { farmerId: string; status: string };

/** `POST /api/farmers/register`: the profile JSON first, then the three documents in a fixed order. */
export function submitRegistration(
  profile: FarmerRegistration,
  documents: Record<DocumentKind, File>,
  onProgress: (progress: UploadProgress) => void,
): Promise<RegistrationAnswer> {
  const form = new FormData();
  form.append("profile", JSON.stringify(profile));
  for (const kind of documentKinds) form.append(kind, documents[kind], documents[kind].name);
  return uploadForm<RegistrationAnswer>("/farmers/register", form, onProgress);
}
