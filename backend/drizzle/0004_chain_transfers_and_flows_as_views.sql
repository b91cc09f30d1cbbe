ALTER TABLE "chain_share_transfers" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "chain_vault_flows" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "chain_share_transfers" CASCADE;--> statement-breakpoint
DROP TABLE "chain_vault_flows" CASCADE;--> statement-breakpoint
CREATE INDEX "chain_events_batch_idx" ON "chain_events" USING btree ("block_number") WHERE "chain_events"."event_name" = 'TransferBatch';--> statement-breakpoint
CREATE VIEW "public"."chain_share_transfers" AS (
  select e.id || ':0' as id, e.token_id, e.args->>'from' as from_address, e.args->>'to' as to_address,
         (e.args->>'value')::numeric(78, 0) as shares, e.block_number
  from chain_events e
  where e.contract = 'farmNft' and e.event_name = 'TransferSingle'
  union all
  select e.id || ':' || (m.n - 1) as id, m.token_id::numeric(78, 0) as token_id, e.args->>'from' as from_address,
         e.args->>'to' as to_address, (e.args->'values'->>(m.n - 1)::int)::numeric(78, 0) as shares, e.block_number
  from chain_events e
  cross join lateral jsonb_array_elements_text(e.args->'ids') with ordinality as m(token_id, n)
  where e.contract = 'farmNft' and e.event_name = 'TransferBatch');--> statement-breakpoint
CREATE VIEW "public"."chain_vault_flows" AS (
  select e.id,
         case e.event_name when 'YieldDeposited' then 'deposited' when 'YieldReserved' then 'reserved'
           when 'YieldReleased' then 'released' else 'withdrawn' end as kind,
         e.token_id, coalesce(e.args->>'from', e.args->>'to') as account, (e.args->>'amount')::numeric(78, 0) as amount,
         e.block_number
  from chain_events e
  where e.contract = 'farmVault'
    and e.event_name in ('YieldDeposited', 'YieldReserved', 'YieldReleased', 'YieldWithdrawn'));