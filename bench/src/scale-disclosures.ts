/** bench:scale's disclosure endpoints (issue 30): the platform record, a farmer's record, a fact sheet, a statement. */
import type { Measured } from "./backend-process";
import { address } from "./scale-seed";

type Get = (path: string, cookie?: string) => Promise<Measured>;
type GetSpread = (paths: string[]) => Promise<Measured>;

export const platformRecordEndpoint = "GET /api/record (platform record)";
export const factSheetEndpoint = "GET /api/invoices/:id/disclosure (fact sheet)";
export const factSheetSpreadEndpoint = "GET /api/invoices/:id/disclosure (2,000 sheets in turn)";
/** Distinct fact sheets the spread measurement asks for in turn: more than a 10 s shared reading keeps warm at once. */
const SPREAD_SHEETS = 2_000;
/** The record and the fact sheet are read on every home page and every shop card's sheet: they must stay cheap. */
const MIN_REQUESTS_PER_SECOND = 1_000;

/** A WIB calendar day, `daysAgo` days before today. */
function wibDay(daysAgo: number): string {
  return new Date(Date.now() + 7 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Drives each disclosure endpoint at one size: the middle invoice's fact sheet, then 2,000 different fact sheets in
 * turn (each reading shared for 10 s is then mostly computed afresh), farmer 7's record, and a one-year statement of
 * an investor holding about five crops (`cookie`).
 */
export async function disclosureEndpoints(
  get: Get,
  getSpread: GetSpread,
  { invoices, cookie }: { invoices: number; cookie: string },
): Promise<Record<string, Measured>> {
  const step = Math.max(1, Math.floor(invoices / SPREAD_SHEETS));
  const sheets = Array.from(
    { length: Math.min(SPREAD_SHEETS, invoices) },
    (_, i) => `/api/invoices/${i * step + 1}/disclosure`,
  );
  return {
    [platformRecordEndpoint]: await get("/api/record"),
    "GET /api/records/farmers/:address (farmer's record)": await get(`/api/records/farmers/${address(7, 2)}`),
    [factSheetEndpoint]: await get(`/api/invoices/${Math.floor(invoices / 2) + 1}/disclosure`),
    [factSheetSpreadEndpoint]: await getSpread(sheets),
    "GET /api/user/statement (one year)": await get(
      `/api/user/statement?from=${wibDay(365)}&to=${wibDay(0)}`,
      cookie,
    ),
  };
}

/** Whether the record and the fact sheet answered >= 1,000 requests/s at the largest size. */
export function disclosureTargets(endpoints: Record<string, Measured>): Record<string, boolean> {
  return Object.fromEntries(
    [platformRecordEndpoint, factSheetEndpoint, factSheetSpreadEndpoint].map((name) => [
      `${name} >= ${MIN_REQUESTS_PER_SECOND} req/s`,
      (endpoints[name]?.requestsPerSecond ?? 0) >= MIN_REQUESTS_PER_SECOND,
    ]),
  );
}
