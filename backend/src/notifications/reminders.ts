import { accrueLateFee } from "@farm/core";
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../adapters/db/database";
import type { EmailJobSender } from "./jobs";
import { buyerRecipient, enqueueNotifications, type NewNotification } from "./outbox";
import { adminRecipients, isoDate } from "./recipients";

const DAY_MS = 86_400_000;
/** Days before maturity a farmer (and a verified buyer) is reminded; only the nearest one reached is sent. */
export const DUE_REMINDER_DAYS = [7, 3, 1] as const;

interface ScannedInvoice {
  token_id: string;
  farmer: string;
  status: string;
  amount: string;
  repaid: string;
  yield_bps: number;
  tenor_days: number;
  maturity: Date | string;
  grace_days: number | null;
  holders: string[] | null;
  buyer_secret: string | null;
  invoice_number: string | null;
  farm: string | null;
}

/**
 * Reminders that come from dates, judged on the chain's clock (`chainNow`, the latest block's time): due in 7/3/1 days,
 * overdue (farmer) and entering grace (admins) at maturity, a late fee accruing (farmer) once a whole day has passed
 * unpaid after it (FarmNFT's late fee counts whole days), harvest ready once a repaid invoice matures. Keyed by
 * invoice and threshold, so scanning every minute on every instance makes each once.
 */
export async function scanDateReminders(
  db: Database,
  jobs: EmailJobSender,
  chainNow: Date,
  configuredAdmins: readonly string[],
): Promise<number> {
  const horizon = new Date(chainNow.getTime() + 7 * DAY_MS);
  // Harvest-ready is looked for in the 60 days after maturity: older repaid invoices were told long ago.
  const since = new Date(chainNow.getTime() - 60 * DAY_MS);
  const rows = await queryRows<ScannedInvoice>(
    db,
    sql`select i.token_id::text as token_id, lower(i.farmer) as farmer, i.status, i.amount::text as amount,
          i.repaid::text as repaid, i.yield_bps, i.tenor_days, i.maturity, i.grace_days,
          case when i.status = 'repaid' then (
            select json_agg(lower(p.holder)) from chain_positions p where p.token_id = i.token_id and p.shares > 0
          ) end as holders,
          (select n.secret_encrypted from notifications n
            where n.recipient = 'buyer:' || i.token_id::text and n.kind = 'buyer_confirmation_request'
            order by n.id desc limit 1) as buyer_secret,
          (select m.invoice_number from invoices m where m.token_id = i.token_id) as invoice_number,
          (select f.business_name from farmers f where f.wallet_address = i.farmer limit 1) as farm
        from chain_invoices i
        where (i.status = 'funded' and i.maturity <= ${horizon.toISOString()}::timestamptz)
           or (i.status = 'repaid' and i.maturity <= ${chainNow.toISOString()}::timestamptz
               and i.maturity > ${since.toISOString()}::timestamptz)`,
  );
  if (rows.length === 0) return 0;
  const admins = rows.some((row) => row.status === "funded")
    ? await adminRecipients(db, configuredAdmins)
    : [];
  const out: NewNotification[] = [];
  for (const row of rows) {
    const tokenId = row.token_id;
    const maturity = new Date(row.maturity);
    const dueDate = isoDate(maturity);
    if (row.status === "repaid") {
      for (const holder of row.holders ?? [])
        out.push({ kind: "harvest_ready", recipient: holder, subject: tokenId, params: { tokenId } });
      continue;
    }
    const left = maturity.getTime() - chainNow.getTime();
    if (left > 0) {
      const days = [...DUE_REMINDER_DAYS].reverse().find((d) => left <= d * DAY_MS);
      if (days === undefined) continue;
      const subject = `${tokenId}:${days}`;
      out.push({
        kind: "due_soon",
        recipient: row.farmer,
        subject,
        params: { tokenId, days: String(days), dueDate },
      });
      if (row.buyer_secret !== null)
        out.push({
          kind: "buyer_due_reminder",
          recipient: buyerRecipient(tokenId),
          subject,
          params: {
            days: String(days),
            dueDate,
            invoiceNumber: row.invoice_number ?? "",
            farm: row.farm ?? "",
          },
          secretEncrypted: row.buyer_secret,
        });
      continue;
    }
    const graceEnds = isoDate(new Date(maturity.getTime() + (row.grace_days ?? 0) * DAY_MS));
    out.push({
      kind: "overdue",
      recipient: row.farmer,
      subject: tokenId,
      params: { tokenId, dueDate, graceEnds },
    });
    if (-left >= DAY_MS)
      out.push({
        kind: "late_fee_accruing",
        recipient: row.farmer,
        subject: tokenId,
        // One whole day's late fee on what is overdue now (the contract rounds per accrual: a day's step may differ
        // by one base unit, and a later payment lowers it).
        params: {
          tokenId,
          dueDate,
          amount: accrueLateFee(
            BigInt(row.amount),
            row.yield_bps,
            row.tenor_days,
            BigInt(row.repaid),
            0n,
            1n,
          ).toString(),
        },
      });
    for (const admin of admins)
      out.push({
        kind: "invoice_entering_grace",
        recipient: admin,
        subject: tokenId,
        params: { tokenId, dueDate, graceEnds },
      });
  }
  await db.transaction((tx) => enqueueNotifications(tx, jobs, out));
  return out.length;
}
