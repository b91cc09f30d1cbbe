/** The content codings the server sends: brotli, then gzip. */
export type ContentCoding = "br" | "gzip";

/**
 * The coding to send for an Accept-Encoding header, among those `offered`: brotli, then gzip, each unless refused
 * with q=0 (an unreadable q counts as 0; `*` stands for a coding the header does not name); null for the plain bytes.
 */
export function acceptedCoding(
  header: string | undefined,
  offered: Readonly<Record<ContentCoding, boolean>> = { br: true, gzip: true },
): ContentCoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: ContentCoding) =>
    offered[coding] && (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}
