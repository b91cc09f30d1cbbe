-- A signer's open orders of one side in posting order: what it has committed already, summed when an order is
-- posted and for each order the book serves (at most the open-order cap of live ones; decision 0058).
CREATE INDEX "market_orders_signer_open_idx" ON "market_orders" USING btree ("signer","side","created_at","id") WHERE "market_orders"."status" = 'open';