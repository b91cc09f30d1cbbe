import { roles } from "@farm/contracts/abi";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../adapters/db/database";

const jsonList = (values: readonly (bigint | string)[]) => JSON.stringify(values.map(String));

/** Holders of shares now, per token id (lower-case addresses). */
export async function holdersOf(tx: Executor, tokenIds: readonly bigint[]): Promise<Map<string, string[]>> {
  const byToken = new Map<string, string[]>();
  if (tokenIds.length === 0) return byToken;
  const rows = await queryRows<{ token_id: string; holder: string }>(
    tx,
    sql`select token_id::text as token_id, lower(holder) as holder from chain_positions
        where token_id in (select (jsonb_array_elements_text(${jsonList(tokenIds)}::jsonb))::numeric)
          and shares > 0`,
  );
  for (const row of rows) byToken.set(row.token_id, [...(byToken.get(row.token_id) ?? []), row.holder]);
  return byToken;
}

export interface InvoiceFacts {
  farmer: string;
  farm: string;
  status: string;
  maturity: Date | null;
  graceDays: number | null;
  /** The admin's reason when the invoice was withdrawn (its InvoiceCancelled is then told as the withdrawal). */
  withdrawalReason: string | null;
}

/** The farmer (lower case) and farm name of each invoice in the index. */
export async function invoiceFacts(
  tx: Executor,
  tokenIds: readonly bigint[],
): Promise<Map<string, InvoiceFacts>> {
  const facts = new Map<string, InvoiceFacts>();
  if (tokenIds.length === 0) return facts;
  const rows = await queryRows<{
    token_id: string;
    farmer: string;
    farm: string | null;
    status: string;
    maturity: Date | string | null;
    grace_days: number | null;
    withdrawal_reason: string | null;
  }>(
    tx,
    sql`select i.token_id::text as token_id, lower(i.farmer) as farmer, i.status, i.maturity, i.grace_days,
          i.withdrawal_reason,
          (select f.business_name from farmers f where f.wallet_address = i.farmer limit 1) as farm
        from chain_invoices i
        where i.token_id in (select (jsonb_array_elements_text(${jsonList(tokenIds)}::jsonb))::numeric)`,
  );
  for (const row of rows) {
    facts.set(row.token_id, {
      farmer: row.farmer,
      farm: row.farm ?? "",
      status: row.status,
      maturity: row.maturity === null ? null : new Date(row.maturity),
      graceDays: row.grace_days,
      withdrawalReason: row.withdrawal_reason,
    });
  }
  return facts;
}

/**
 * The platform's admins: the configured ADMIN_ADDRESSES and every wallet whose latest ADMIN_ROLE event on FarmNFT in
 * the index is a grant.
 */
export async function adminRecipients(tx: Executor, configured: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ account: string }>(
    tx,
    sql`select account from (
          select distinct on (lower(args->>'account')) lower(args->>'account') as account, event_name
          from chain_events
          where contract = 'farmNft' and event_name in ('RoleGranted', 'RoleRevoked')
            and args->>'role' = ${roles.ADMIN_ROLE}
          order by lower(args->>'account'), block_number desc, log_index desc
        ) latest where event_name = 'RoleGranted'`,
  );
  return [
    ...new Set([...configured.map((address) => address.toLowerCase()), ...rows.map((row) => row.account)]),
  ];
}

/** UTC calendar day of a moment, stored ISO ("2027-03-03"); core words it in the reader's language when shown. */
export const isoDate = (moment: Date) => moment.toISOString().slice(0, 10);
