-- A neighbourhood's week counts its members' waterings of a range of days: the primary key (address, token_id, day)
-- puts the crop before the day, so that range walked each member's whole history (about 117 pages a member after a
-- year of 20 plants). Building it holds writes to waterings until it is done (see the CHANGELOG's upgrade notes).
CREATE INDEX "waterings_address_day_idx" ON "waterings" USING btree ("address","day");
