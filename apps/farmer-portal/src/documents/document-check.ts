import { type DocumentKind, documentRules } from "@farm/core";

export const documentKinds: readonly DocumentKind[] = ["ktp", "npwp", "bankStatement"];

export type DocumentProblem = "type" | "size" | "empty";

/**
 * A first check in the browser with the backend's own rules, so a wrong file is refused before any upload. The
 * backend checks the bytes again; the browser only knows the type the file claims.
 */
export function checkDocument(
  kind: DocumentKind,
  file: { type: string; size: number },
): DocumentProblem | null {
  return checkAgainstRule(documentRules[kind], file);
}

/** The same first check for any kind of document (invoice evidence too). */
export function checkAgainstRule(
  rules: DocumentRule,
  file: { type: string; size: number },
): DocumentProblem | null {
  if (file.size === 0) return "empty";
  if (!(rules.mimeTypes as readonly string[]).includes(file.type)) return "type";
  if (file.size > rules.maxBytes) return "size";
  return null;
}

type DocumentRule = { mimeTypes: readonly string[]; maxBytes: number };

/** Accept attribute of a file input for a kind of document with these rules. */
export const acceptOfRule = (rule: DocumentRule) => rule.mimeTypes.join(",");
export const megabytesOfRule = (rule: DocumentRule) => rule.maxBytes / (1024 * 1024);

/** Accept attribute of the file input. */
export function acceptOf(kind: DocumentKind): string {
  return acceptOfRule(documentRules[kind]);
}

export function maxMegabytes(kind: DocumentKind): number {
  return megabytesOfRule(documentRules[kind]);
}
