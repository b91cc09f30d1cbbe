-- FarmNFT's Invested is stored once, in chain_investments (decision 0065): its chain_events rows go. The rollback reads
-- it back from chain_investments; nothing else read it from chain_events.
DELETE FROM "chain_events" WHERE "contract" = 'farmNft' AND "event_name" = 'Invested';
