import type { DocumentKind, FarmerRegistration } from "@farm/core";
import { type Language, type UploadProgress, uploadForm } from "@farm/ui";
import { documentKinds } from "../documents/document-check";

export type RegistrationAnswer = { farmerId: string; status: string };

/**
 * `POST /api/farmers/register`: the profile JSON first, then the documents in a fixed order. After a rejection the
 * documents it did not refuse may be left out: the backend keeps them. The profile carries the portal's language,
 * which the farmer's e-mails are then written in.
 */
export function submitRegistration(
  profile: FarmerRegistration,
  documents: Partial<Record<DocumentKind, File>>,
  language: Language,
  onProgress: (progress: UploadProgress) => void,
): Promise<RegistrationAnswer> {
  const form = new FormData();
  form.append("profile", JSON.stringify({ ...profile, language }));
  for (const kind of documentKinds) {
    const file = documents[kind];
    if (file) form.append(kind, file, file.name);
  }
  return uploadForm<RegistrationAnswer>("/farmers/register", form, onProgress);
}
