-- Every help updates two neighbours rows (the helper's and the owner's counters), none of their indexed columns. With
-- room left on the row's page PostgreSQL keeps the new version there without touching the two indexes (a HOT update);
-- on full pages each update wrote both indexes. Rows written from now on leave 30 % of each page free; existing rows
-- move to such a page on their next update. Instant: only the table's setting changes.
ALTER TABLE "neighbours" SET (fillfactor = 70);
