import { inArray, type SQL, sql } from "drizzle-orm";
import type { Transaction } from "../../adapters/db/database";
import { chainCredentials, chainEvents } from "../../db/schema/chain";
import { reviveStoredEvent } from "./decode";
import type { ChainEvent, ChainEventOf } from "./events";

export type CredentialEvent =
  | ChainEventOf<"farmNft.CredentialSet">
  | ChainEventOf<"farmNft.CredentialFrozen">
  | ChainEventOf<"farmNft.CredentialRevoked">;

const credentialEventNames = new Set(["CredentialSet", "CredentialFrozen", "CredentialRevoked"]);

export const isCredentialEvent = (event: ChainEvent): event is CredentialEvent =>
  event.contract === "farmNft" && credentialEventNames.has(event.eventName);

/** Rows per credential statement: six bound values each, far below PostgreSQL's 65,535. */
const CREDENTIAL_CHUNK = 5000;

/**
 * Folds credential events (in chain order) onto `chain_credentials`. Each keeps what the contract keeps (CredentialSet
 * leaves `frozen`; a revocation zeroes tier, validity and limit and leaves `frozen`), so the row is FarmNFT's credential
 * without its outstanding counter. An older block never overwrites a newer one, so the same event applied twice (a
 * receipt recorded early, then the indexer) is harmless.
 *
 * The events are applied in rounds, the n-th event of every wallet in round n: a round's events name distinct wallets,
 * so each round is one upsert per kind of change (the terms, or the freeze) for all its wallets, and a wallet's events
 * still apply one after the other in chain order. A backfill's credentials (one or two per wallet) thus take a
 * statement or two instead of one per event.
 */
export async function writeCredentials(tx: Transaction, events: readonly CredentialEvent[]): Promise<void> {
  const rounds: { terms: CredentialRow[]; freezes: CredentialRow[] }[] = [];
  const seen = new Map<string, number>();
  for (const event of events) {
    const wallet = event.args.wallet;
    const n = seen.get(wallet) ?? 0;
    seen.set(wallet, n + 1);
    const round = rounds[n] ?? { terms: [], freezes: [] };
    rounds[n] = round;
    const row = { wallet, tier: 0, validUntil: 0, frozen: false, limit: 0n, updatedBlock: event.blockNumber };
    if (event.eventName === "CredentialSet") {
      const { tier, validUntil, limit } = event.args;
      round.terms.push({ ...row, tier, validUntil: Number(validUntil), limit });
    } else if (event.eventName === "CredentialFrozen") {
      round.freezes.push({ ...row, frozen: event.args.frozen });
    } else {
      round.terms.push(row);
    }
  }
  for (const round of rounds) {
    // A revocation's row carries the zeroed terms, so it updates the same columns as a CredentialSet.
    await upsertCredentials(tx, round.terms, {
      tier: sql`excluded.tier`,
      validUntil: sql`excluded.valid_until`,
      limit: sql`excluded."limit"`,
    });
    await upsertCredentials(tx, round.freezes, { frozen: sql`excluded.frozen` });
  }
}

type CredentialRow = typeof chainCredentials.$inferInsert;

/** Inserts the rows, or sets `set` (and the block) on a wallet's row unless it was written at a later block. */
async function upsertCredentials(
  tx: Transaction,
  rows: readonly CredentialRow[],
  set: Partial<Record<keyof CredentialRow, SQL>>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += CREDENTIAL_CHUNK) {
    await tx
      .insert(chainCredentials)
      .values(rows.slice(start, start + CREDENTIAL_CHUNK))
      .onConflictDoUpdate({
        target: chainCredentials.wallet,
        set: { ...set, updatedBlock: sql`excluded.updated_block` },
        setWhere: sql`${chainCredentials.updatedBlock} <= excluded.updated_block`,
      });
  }
}

/**
 * After a reorg dropped the blocks after `ancestor`: the credentials those blocks changed are rebuilt from the
 * credential events that remain in `chain_events` (called after the dropped rows went).
 */
export async function rebuildCredentials(tx: Transaction, wallets: readonly string[]): Promise<void> {
  if (wallets.length === 0) return;
  await tx.delete(chainCredentials).where(inArray(chainCredentials.wallet, [...wallets]));
  const remaining = await tx
    .select()
    .from(chainEvents)
    .where(
      sql`${chainEvents.contract} = 'farmNft' and ${chainEvents.eventName} in ('CredentialSet', 'CredentialFrozen', 'CredentialRevoked')
          and ${chainEvents.args}->>'wallet' in (select jsonb_array_elements_text(${JSON.stringify(wallets)}::jsonb))`,
    )
    .orderBy(chainEvents.blockNumber, chainEvents.logIndex);
  const replay: CredentialEvent[] = [];
  for (const row of remaining) {
    const event = reviveStoredEvent(row);
    if (event && isCredentialEvent(event)) replay.push(event);
  }
  await writeCredentials(tx, replay);
}

/** The wallets whose credentials the events after `ancestor` changed. */
export function credentialWalletsAfterSql(ancestor: number) {
  return sql`select distinct args->>'wallet' as wallet from chain_events
    where block_number > ${ancestor} and contract = 'farmNft'
      and event_name in ('CredentialSet', 'CredentialFrozen', 'CredentialRevoked')`;
}
