import type { FarmerTrackRecord, InvoiceEvidenceBadges } from "@farm/core";

/** What the backend knows about an invoice beyond the chain (GET /api/invoices items), joined by token id. */
export interface InvoiceMetadata {
  tokenId: string;
  crop: string | null;
  farmerName: string | null;
  region: string | null;
  buyerName: string | null;
  /** The farmer's record from the index: invoices repaid, of them on time, defaulted, and late now. */
  record: FarmerTrackRecord | null;
  /** What was checked before funding; null when the backend sent no badges. */
  evidence: InvoiceEvidenceBadges | null;
}

function badgesOf(value: unknown): InvoiceEvidenceBadges | null {
  const record = asRecord(value);
  if (!record) return null;
  const confirmedAt = record.buyerConfirmedAt;
  const domain = record.buyerConfirmedEmailDomain;
  return {
    invoiceVerified: record.invoiceVerified === true,
    deliveryProven: record.deliveryProven === true,
    buyerConfirmedAt: typeof confirmedAt === "string" ? confirmedAt : null,
    buyerConfirmedEmailDomain: typeof domain === "string" ? domain : null,
    buyerConfirmedFreeMail: record.buyerConfirmedFreeMail === true,
  };
}

function text(record: Record<string, unknown>, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return null;
}

function textList(record: Record<string, unknown>, key: string): string | null {
  const value = record[key];
  if (!Array.isArray(value)) return null;
  const names = value.filter((name): name is string => typeof name === "string" && name.trim() !== "");
  return names.length > 0 ? names.join(", ") : null;
}

/** "City, Province" when the farm gives both, so investors see where the harvest grows. */
function regionOf(farmer: Record<string, unknown>): string | null {
  const city = text(farmer, "city");
  const province = text(farmer, "province");
  if (city && province) return `${city}, ${province}`;
  return text(farmer, "region") ?? province ?? city;
}

function recordOf(value: Record<string, unknown> | null): InvoiceMetadata["record"] {
  if (!value) return null;
  const { repaid, onTime, defaulted, inGrace, overdue } = value;
  if (
    typeof repaid !== "number" ||
    typeof onTime !== "number" ||
    typeof defaulted !== "number" ||
    typeof inGrace !== "number" ||
    typeof overdue !== "number"
  )
    return null;
  return { repaid, onTime, defaulted, inGrace, overdue };
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
}

/**
 * Reads one list item defensively: the chain index is the source of money and state, so metadata that is missing or
 * shaped differently only leaves a label blank instead of hiding the seed.
 */
export function readInvoiceMetadata(item: unknown): InvoiceMetadata | null {
  const record = asRecord(item);
  if (!record) return null;
  const tokenId = record.tokenId;
  if (typeof tokenId !== "string" && typeof tokenId !== "number") return null;
  const metadata = asRecord(record.metadata) ?? record;
  const farmer = asRecord(record.farmerProfile) ?? asRecord(record.farmer) ?? asRecord(metadata.farmer) ?? {};
  return {
    tokenId: String(tokenId),
    crop: text(metadata, "crop", "commodity", "description") ?? textList(farmer, "crops"),
    farmerName: text(farmer, "businessName", "name", "displayName") ?? text(metadata, "farmerName"),
    region: regionOf(farmer) ?? text(metadata, "region", "province"),
    buyerName: text(metadata, "buyerName"),
    record: recordOf(asRecord(record.farmerRecord)),
    evidence: badgesOf(record.evidence),
  };
}
