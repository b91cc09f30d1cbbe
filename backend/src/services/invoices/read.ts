import {
  deriveInvoiceState,
  type FarmerPublicProfile,
  type Invoice,
  type InvoicePage,
  type InvoiceStatusName,
  invoiceStateToJson,
  type ListInvoicesQuery,
} from "@farm/core";
import {
  and,
  desc,
  eq,
  getTableColumns,
  lt,
  notInArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import { type Address, getAddress } from "viem";
import { withCompiledRows } from "../../adapters/db/compiled-rows";
import type { Executor } from "../../adapters/db/database";
import { chainInvoices } from "../../db/schema/chain";
import { farmers } from "../../db/schema/farmers";
import { invoices } from "../../db/schema/invoices";
import { badRequest } from "../../errors";
import { evidenceBadges } from "./badges";
import { type FarmerRecordRow, farmerRecordColumns, farmerRecordOf } from "./farmer-record";
import type { TokenFacts } from "./token-metadata";

/** Who reads an invoice: a pending or rejected one, and any rejection reason, is only its farmer's and the admins'. */
export interface InvoiceViewer {
  address: string | null;
  admin: boolean;
}
export const anonymousViewer: InvoiceViewer = { address: null, admin: false };
const privateStatuses = ["pending", "rejected"] as const;

/** Checksummed addresses already seen (a farmer's come back page after page): one keccak each, not one a row. */
const checksums = new Map<string, Address>();
function checksummed(address: string): Address {
  let known = checksums.get(address);
  if (known === undefined) {
    known = getAddress(address);
    if (checksums.size >= 10_000) checksums.clear();
    checksums.set(address, known);
  }
  return known;
}

/** What anyone may read: every invoice but the pending and rejected ones (those only their farmer and the admins). */
const published = notInArray(chainInvoices.status, [...privateStatuses]);

const investorCount = sql<number>`(select count(*)::int from chain_positions p
  where p.token_id = ${chainInvoices.tokenId} and p.shares > 0)`;

// The evidence behind the badges: read here, only ever answered as booleans and a date.
const invoiceDocumentSha = sql<string | null>`(select d.sha256 from invoice_documents d
  where d.invoice_id = ${invoices.id} and d.kind = 'invoice')`;
const deliveryProven = sql<boolean>`exists(select 1 from invoice_documents d
  where d.invoice_id = ${invoices.id} and d.kind = 'deliveryProof')`;

/** An invoice's columns at the chain's clock `now` (the farmer's record counts the invoices late at that time). */
const invoiceColumns = (now: string | Placeholder) => ({
  ...getTableColumns(chainInvoices),
  investorCount,
  ...farmerRecordColumns(now),
  invoiceDocumentSha,
  deliveryProven,
  buyerDecision: invoices.buyerDecision,
  buyerDecidedAt: invoices.buyerDecidedAt,
  buyerEmailDomain: invoices.buyerEmailDomain,
  invoiceNumber: invoices.invoiceNumber,
  buyerName: invoices.buyerName,
  description: invoices.description,
  dueDate: invoices.dueDate,
  // Only the public facts of the registration are selected, so private fields can never reach a reply.
  farmBusinessName: farmers.businessName,
  farmProvince: farmers.province,
  farmCity: farmers.city,
  farmCrops: farmers.crops,
});

type InvoiceRow = {
  [K in keyof ReturnType<typeof invoiceColumns>]: K extends keyof typeof chainInvoices.$inferSelect
    ? (typeof chainInvoices.$inferSelect)[K]
    : K extends "investorCount"
      ? number
      : K extends keyof FarmerRecordRow
        ? number[]
        : K extends "deliveryProven"
          ? boolean
          : K extends "buyerDecidedAt"
            ? Date | null
            : K extends "farmCrops"
              ? string[] | null
              : string | null;
};

function toFarmerProfile(
  row: Pick<InvoiceRow, "farmBusinessName" | "farmProvince" | "farmCity" | "farmCrops">,
): FarmerPublicProfile | null {
  if (row.farmBusinessName === null || row.farmProvince === null || row.farmCity === null) return null;
  return {
    businessName: row.farmBusinessName,
    province: row.farmProvince,
    city: row.farmCity,
    crops: row.farmCrops ?? [],
  };
}

function toInvoice(row: InvoiceRow, chainNow: Date, viewer: InvoiceViewer): Invoice {
  const own =
    viewer.admin || (viewer.address !== null && checksummed(viewer.address) === checksummed(row.farmer));
  const state = deriveInvoiceState(
    {
      status: row.status as InvoiceStatusName,
      fundingDeadline: row.fundingDeadline,
      maturity: row.maturity,
      graceDays: row.graceDays,
      settleableAt: row.settleableAt,
    },
    chainNow,
  );
  return {
    tokenId: row.tokenId.toString(),
    farmer: checksummed(row.farmer),
    status: row.status as Invoice["status"],
    state: invoiceStateToJson(state),
    amount: row.amount.toString(),
    funded: row.funded.toString(),
    repaid: row.repaid.toString(),
    recovered: row.recovered.toString(),
    recoveredFee: row.recoveredFee.toString(),
    graceDays: row.graceDays,
    yieldBps: row.yieldBps,
    annualYieldBps: Math.floor((row.yieldBps * 365) / row.tenorDays),
    tenorDays: row.tenorDays,
    fundingDeadline: row.fundingDeadline.toISOString(),
    fundedAt: row.fundedAt?.toISOString() ?? null,
    maturity: row.maturity?.toISOString() ?? null,
    referenceHash: row.referenceHash,
    rejectionReason: own ? row.rejectionReason : null,
    withdrawalReason: own ? row.withdrawalReason : null,
    investorCount: Number(row.investorCount),
    metadata:
      row.invoiceNumber !== null && row.buyerName !== null && row.dueDate !== null
        ? {
            invoiceNumber: row.invoiceNumber,
            buyerName: row.buyerName,
            description: row.description ?? "",
            dueDate: row.dueDate,
          }
        : null,
    evidence: evidenceBadges(row),
    farmerProfile: toFarmerProfile(row),
    farmerRecord: farmerRecordOf(row),
    updatedBlock: row.updatedBlock,
  };
}

/** The cursor is the last token id of the previous page (newest first), base64url so clients treat it as opaque. */
const encodeCursor = (tokenId: bigint) => Buffer.from(tokenId.toString()).toString("base64url");
function decodeCursor(cursor: string): bigint {
  const text = Buffer.from(cursor, "base64url").toString();
  if (!/^[1-9]\d{0,77}$/.test(text)) throw badRequest("The cursor is not one this API handed out");
  return BigInt(text);
}

function selectInvoices(db: Executor, now: string | Placeholder) {
  return db
    .select(invoiceColumns(now))
    .from(chainInvoices)
    .leftJoin(invoices, eq(invoices.tokenId, chainInvoices.tokenId))
    .leftJoin(farmers, eq(farmers.walletAddress, chainInvoices.farmer));
}

/** Which conditions a page's statement has: one prepared statement per shape, its values bound per request. */
interface PageShape {
  viewer: "admin" | "anyone" | "farmer";
  status: boolean;
  farmer: boolean;
  cursor: boolean;
}

const shapeOf = (query: ListInvoicesQuery, viewer: InvoiceViewer): PageShape => ({
  viewer: viewer.admin ? "admin" : viewer.address === null ? "anyone" : "farmer",
  status: query.status !== undefined,
  farmer: query.farmer !== undefined,
  cursor: query.cursor !== undefined,
});

/**
 * The statement behind a page of invoices: newest first within a status and/or a farmer, keyset on the token id (one
 * more row than the page, to know whether another follows). Served by `chain_invoices_status_token_idx` or
 * `chain_invoices_farmer_token_idx` at any size; `invoice-queries.explain.test.ts` checks the plan, with the values
 * given and as the generic plan of the prepared statement. `values` are the request's values, or placeholders of
 * the same names when the statement is prepared.
 */
function pageSelect(db: Executor, shape: PageShape, values: PageValues) {
  const conditions: SQL[] = [];
  if (shape.viewer === "anyone") conditions.push(published);
  if (shape.viewer === "farmer") {
    conditions.push(or(published, eq(chainInvoices.farmer, given(values.viewer))) as SQL);
  }
  if (shape.status) conditions.push(eq(chainInvoices.status, given(values.status)));
  if (shape.farmer) conditions.push(eq(chainInvoices.farmer, given(values.farmer)));
  if (shape.cursor) conditions.push(lt(chainInvoices.tokenId, given(values.cursor)));
  return selectInvoices(db, values.now)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(chainInvoices.tokenId))
    .limit(values.limit);
}

type Bound<T> = T | Placeholder;
/** A page's values, or placeholders; null where the shape has no such condition. */
interface PageValues {
  viewer: Bound<string> | null;
  status: Bound<string> | null;
  farmer: Bound<string> | null;
  cursor: Bound<bigint> | null;
  limit: Bound<number>;
  /** The chain's clock, ISO. */
  now: Bound<string>;
}
function given<T>(value: T | null): T {
  if (value === null) throw new Error("a page condition without its value");
  return value;
}

/** The request's values of a page's statement. */
function pageValues(query: ListInvoicesQuery, viewer: InvoiceViewer, chainNow: Date): PageValues {
  return {
    viewer: viewer.address === null ? null : checksummed(viewer.address),
    status: query.status ?? null,
    farmer: query.farmer ? checksummed(query.farmer) : null,
    cursor: query.cursor ? decodeCursor(query.cursor) : null,
    limit: query.limit + 1,
    now: chainNow.toISOString(),
  };
}

/** A page's statement with the request's values in it (what `listInvoices` runs prepared; for EXPLAIN). */
export function invoicePageQuery(
  db: Executor,
  query: ListInvoicesQuery,
  viewer: InvoiceViewer,
  chainNow: Date,
) {
  return pageSelect(db, shapeOf(query, viewer), pageValues(query, viewer, chainNow));
}

const pagePlaceholders: PageValues = {
  viewer: sql.placeholder("viewer"),
  status: sql.placeholder("status"),
  farmer: sql.placeholder("farmer"),
  cursor: sql.placeholder("cursor"),
  limit: sql.placeholder("limit"),
  now: sql.placeholder("now"),
};

/** The name of a shape's prepared statement (also for the EXPLAIN test). */
export const pageStatementName = (shape: PageShape) =>
  `invoice_page_${shape.viewer}${shape.status ? "_status" : ""}${shape.farmer ? "_farmer" : ""}${shape.cursor ? "_cursor" : ""}`;

type PreparedPage = ReturnType<ReturnType<typeof pageSelect>["prepare"]>;
const preparedPages = new WeakMap<Executor, Map<string, PreparedPage>>();

function preparedPage(db: Executor, shape: PageShape): PreparedPage {
  let byName = preparedPages.get(db);
  if (byName === undefined) {
    byName = new Map();
    preparedPages.set(db, byName);
  }
  const name = pageStatementName(shape);
  let statement = byName.get(name);
  if (statement === undefined) {
    statement = withCompiledRows(pageSelect(db, shape, pagePlaceholders).prepare(name));
    byName.set(name, statement);
  }
  return statement;
}

/** A page of invoices from the index, newest first, optionally by status and farmer; states at the chain's time. */
export async function listInvoices(
  db: Executor,
  query: ListInvoicesQuery,
  chainNow: Date,
  viewer: InvoiceViewer,
): Promise<InvoicePage> {
  // Only the placeholders the shape uses are bound (a prepared statement refuses values it has no parameter for).
  const shape = shapeOf(query, viewer);
  const all = pageValues(query, viewer, chainNow);
  const values: Record<string, unknown> = { limit: all.limit, now: all.now };
  if (shape.viewer === "farmer") values.viewer = all.viewer;
  if (shape.status) values.status = all.status;
  if (shape.farmer) values.farmer = all.farmer;
  if (shape.cursor) values.cursor = all.cursor;
  const rows = (await preparedPage(db, shape).execute(values)) as InvoiceRow[];
  const items = rows.slice(0, query.limit).map((row) => toInvoice(row, chainNow, viewer));
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return { items, nextCursor: last ? encodeCursor(last.tokenId) : null };
}

/**
 * `findInvoice`'s statement for each kind of viewer, prepared once per database (a named statement on
 * node-postgres): the select and its joins are built and planned once, and each read only binds the token id and
 * the viewer's address. The metadata, the fact sheet and the invoice page read one invoice per request.
 */
function findStatements(db: Executor) {
  const byId = eq(chainInvoices.tokenId, sql.placeholder("tokenId"));
  const now = sql.placeholder("now");
  return {
    anyone: withCompiledRows(
      selectInvoices(db, now).where(and(byId, published)).prepare("find_invoice_published"),
    ),
    farmer: withCompiledRows(
      selectInvoices(db, now)
        .where(and(byId, or(published, eq(chainInvoices.farmer, sql.placeholder("farmer")))))
        .prepare("find_invoice_farmer"),
    ),
    admin: withCompiledRows(selectInvoices(db, now).where(byId).prepare("find_invoice_admin")),
    // A published token's facts for its ERC-1155 metadata and picture (wallets and explorers read them for every
    // token they show): its terms and the farm's public profile, without the counts and documents a page joins.
    tokenFacts: withCompiledRows(
      db
        .select({
          tokenId: chainInvoices.tokenId,
          amount: chainInvoices.amount,
          tenorDays: chainInvoices.tenorDays,
          yieldBps: chainInvoices.yieldBps,
          status: chainInvoices.status,
          farmBusinessName: farmers.businessName,
          farmProvince: farmers.province,
          farmCity: farmers.city,
          farmCrops: farmers.crops,
        })
        .from(chainInvoices)
        .leftJoin(farmers, eq(farmers.walletAddress, chainInvoices.farmer))
        .where(and(byId, published))
        .prepare("find_token_facts"),
    ),
  };
}
const preparedFinds = new WeakMap<Executor, ReturnType<typeof findStatements>>();

function findStatementsOf(db: Executor): ReturnType<typeof findStatements> {
  let statements = preparedFinds.get(db);
  if (statements === undefined) {
    statements = findStatements(db);
    preparedFinds.set(db, statements);
  }
  return statements;
}

/** One invoice as `viewer` may see it: null when unknown, or pending or rejected and not theirs. */
export async function findInvoice(
  db: Executor,
  tokenId: bigint,
  chainNow: Date,
  viewer: InvoiceViewer,
): Promise<Invoice | null> {
  const statements = findStatementsOf(db);
  const now = chainNow.toISOString();
  const rows = viewer.admin
    ? await statements.admin.execute({ tokenId, now })
    : viewer.address === null
      ? await statements.anyone.execute({ tokenId, now })
      : await statements.farmer.execute({ tokenId, now, farmer: checksummed(viewer.address) });
  const [row] = rows as InvoiceRow[];
  return row ? toInvoice(row, chainNow, viewer) : null;
}

/** A published token's facts for its metadata: null when the token is unknown, pending or rejected. */
export async function findTokenFacts(db: Executor, tokenId: bigint): Promise<TokenFacts | null> {
  const [row] = await findStatementsOf(db).tokenFacts.execute({ tokenId });
  if (row === undefined) return null;
  return {
    tokenId: row.tokenId.toString(),
    amount: row.amount.toString(),
    tenorDays: row.tenorDays,
    yieldBps: row.yieldBps,
    status: row.status as Invoice["status"],
    farmerProfile: toFarmerProfile(row),
  };
}
