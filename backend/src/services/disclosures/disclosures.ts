import type { BuyerRecord, InvoiceDisclosure, PlatformRecord } from "@farm/core";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import { buyerIdSql, buyerVerifiedDomainSql } from "../../db/schema/buyer-entity";
import { notFound } from "../../errors";
import { readRepaymentRecord } from "./record";
import { sharedKeyedReading, sharedReading } from "./shared-reading";

/**
 * The home page's panel: the platform record beside total funded, lenders and borrowers, each from the index. Only
 * money lent counts: the principal of invoices that reached their target (an invoice cancelled and refunded, or still
 * filling, lent nothing), and the wallets that invested in them.
 */
export async function readPlatformRecord(db: Executor, now: Date): Promise<PlatformRecord> {
  const [[totals], record] = await Promise.all([
    queryRows<{ funded: string; lenders: number; borrowers: number }>(
      db,
      sql`select coalesce(sum(c.funded), 0)::text as funded, count(distinct c.farmer)::int as borrowers,
        (select count(distinct i.investor)::int from chain_investments i
          join chain_invoices l on l.token_id = i.token_id where l.funded_at is not null) as lenders
      from chain_invoices c where c.funded_at is not null`,
    ),
    readRepaymentRecord(db, { kind: "platform" }, now),
  ]);
  if (!totals) throw new Error("platform totals returned no row");
  return {
    record,
    totalFunded: totals.funded,
    lenders: Number(totals.lenders),
    borrowers: Number(totals.borrowers),
  };
}

/** The platform record, one reading per database shared by the requests of its 10 s window (decision 0054). */
export const cachedPlatformRecord = sharedReading(readPlatformRecord);

interface BuyerIdentityRow {
  buyer_id: string;
  name: string;
  domain: string | null;
  farmers: number;
}

/** One buyer entity's record; 404 for an id no invoice carries. */
export async function readBuyerRecord(db: Executor, buyerId: string, now: Date): Promise<BuyerRecord> {
  const [identity] = await queryRows<BuyerIdentityRow>(
    db,
    sql`select ${buyerId} as buyer_id, max(buyer_name) as name, max(${buyerVerifiedDomainSql}) as domain,
        count(distinct farmer_address)::int as farmers
      from invoices where ${buyerIdSql} = ${buyerId} and token_id is not null
      having count(*) > 0`,
  );
  if (!identity) throw notFound("No buyer has this id");
  return {
    buyerId: identity.buyer_id,
    name: identity.name,
    verifiedDomain: identity.domain,
    farmers: Number(identity.farmers),
    record: await readRepaymentRecord(db, { kind: "buyer", buyerId }, now),
  };
}

/** The fact sheet's records: the farmer's, the buyer's and the platform's, for one invoice. */
export async function readInvoiceDisclosure(
  db: Executor,
  tokenId: bigint,
  now: Date,
): Promise<InvoiceDisclosure> {
  const [invoice] = await queryRows<{ farmer: string; buyer_id: string | null }>(
    db,
    sql`select c.farmer, (select ${buyerIdSql} from invoices where token_id = c.token_id) as buyer_id
      from chain_invoices c
      where c.token_id = ${tokenId.toString()}::numeric and c.status not in ('pending', 'rejected')`,
  );
  if (!invoice) throw notFound("No invoice has this token id");
  const [farmerRecord, buyer, platform] = await Promise.all([
    readRepaymentRecord(db, { kind: "farmer", farmer: invoice.farmer }, now),
    invoice.buyer_id === null ? null : readBuyerRecord(db, invoice.buyer_id, now),
    cachedPlatformRecord(db, now).then((platform) => platform.record),
  ]);
  return { tokenId: tokenId.toString(), farmer: invoice.farmer, farmerRecord, buyer, platform };
}

/** A fact sheet's disclosure, one reading per token shared for 10 s: the shop's cards and the market's book ask often. */
export const cachedInvoiceDisclosure = sharedKeyedReading(readInvoiceDisclosure);
