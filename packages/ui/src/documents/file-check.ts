/** What a document field accepts: the types (checked again from the bytes by the backend) and the size limit. */
export type FileRule = { mimeTypes: readonly string[]; maxBytes: number };

export type FileProblem = "type" | "size" | "empty";

/**
 * A first check in the browser with the backend's own rules, so a wrong file is refused before any upload. The
 * backend checks the bytes again; the browser only knows the type the file claims.
 */
export function checkFile(rule: FileRule, file: { type: string; size: number }): FileProblem | null {
  if (file.size === 0) return "empty";
  if (!(rule.mimeTypes as readonly string[]).includes(file.type)) return "type";
  if (file.size > rule.maxBytes) return "size";
  return null;
}

/** Accept attribute of a file input for documents with this rule. */
export const acceptOfRule = (rule: FileRule) => rule.mimeTypes.join(",");

export const megabytesOfRule = (rule: FileRule) => rule.maxBytes / (1024 * 1024);
