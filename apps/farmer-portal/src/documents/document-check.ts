import { type DocumentKind, documentRules } from "@farm/core";
import { checkFile, type FileProblem, megabytesOfRule } from "@farm/ui";

export const documentKinds: readonly DocumentKind[] = ["ktp", "npwp", "bankStatement"];

/** The browser's first check of a KYC document with the backend's rules for its kind. */
export function checkDocument(kind: DocumentKind, file: { type: string; size: number }): FileProblem | null {
  return checkFile(documentRules[kind], file);
}

export function maxMegabytes(kind: DocumentKind): number {
  return megabytesOfRule(documentRules[kind]);
}
