import type { DocumentKind, FarmerRegistration } from "@farm/core";
import { type UploadProgress, uploadForm } from "@farm/ui";
import { documentKinds } from "../documents/document-check";

export type RegistrationAnswer = { farmerId: string; status: string };

/**
 * `POST /api/farmers/register`: the profile JSON first, then the documents in a fixed order. After a rejection the
 * documents it did not refuse may be left out: the backend keeps them.
 */
export function submitRegistration(
  profile: FarmerRegistration,
  documents: Partial<Record<DocumentKind, File>>,
  onProgress: (progress: UploadProgress) => void,
): Promise<RegistrationAnswer> {
  const form = new FormData();
  form.append("profile", JSON.stringify(profile));
  for (const kind of documentKinds) {
    const file = documents[kind];
    if (file) form.append(kind, file, file.name);
  }
  return uploadForm<RegistrationAnswer>("/farmers/register", form, onProgress);
}
