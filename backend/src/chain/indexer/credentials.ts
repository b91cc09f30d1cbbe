import { inArray, sql } from "drizzle-orm";
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

/**
 * Folds credential events (in chain order) onto `chain_credentials`, one statement each: they are rare (an admin's
 * decision), and each keeps what the contract keeps (CredentialSet leaves `frozen`; a revocation zeroes tier, validity
 * and limit and leaves `frozen`), so the row is FarmNFT's credential without its outstanding counter. An older block
 * never overwrites a newer one, so the same event applied twice (a receipt recorded early, then the indexer) is harmless.
 */
export async function writeCredentials(tx: Transaction, events: readonly CredentialEvent[]): Promise<void> {
  for (const event of events) {
    const wallet = event.args.wallet;
    const block = event.blockNumber;
    const fresh = { wallet, tier: 0, validUntil: 0, frozen: false, limit: 0n, updatedBlock: block };
    if (event.eventName === "CredentialSet") {
      const { tier, validUntil, limit } = event.args;
      await tx
        .insert(chainCredentials)
        .values({ ...fresh, tier, validUntil: Number(validUntil), limit })
        .onConflictDoUpdate({
          target: chainCredentials.wallet,
          set: { tier, validUntil: Number(validUntil), limit, updatedBlock: block },
          setWhere: sql`${chainCredentials.updatedBlock} <= ${block}`,
        });
    } else if (event.eventName === "CredentialFrozen") {
      const { frozen } = event.args;
      await tx
        .insert(chainCredentials)
        .values({ ...fresh, frozen })
        .onConflictDoUpdate({
          target: chainCredentials.wallet,
          set: { frozen, updatedBlock: block },
          setWhere: sql`${chainCredentials.updatedBlock} <= ${block}`,
        });
    } else {
      await tx
        .insert(chainCredentials)
        .values(fresh)
        .onConflictDoUpdate({
          target: chainCredentials.wallet,
          set: { tier: 0, validUntil: 0, limit: 0n, updatedBlock: block },
          setWhere: sql`${chainCredentials.updatedBlock} <= ${block}`,
        });
    }
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
