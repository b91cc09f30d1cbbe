/**
 * bench:api's floor for the lists: each wallet's crops as the platform answers them, stored one pre-rendered JSON card
 * per crop (`bench_crop_cards`), for the bare app to read by the wallet's key in one statement (see bare-fastify.ts).
 */
import type { CropsResponse } from "@farm/core";
import pg from "pg";

/** Reads every wallet's GET /api/crops from the platform (`headers(i)` signs in wallet i) and stores its cards. */
export async function storeCropCards(
  databaseUrl: string,
  platformUrl: string,
  wallets: readonly string[],
  headers: (i: number) => Record<string, string>,
): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      "create table bench_crop_cards (holder text, token_id numeric, card text not null, primary key (holder, token_id))",
    );
    let stored = 0;
    for (let from = 0; from < wallets.length; from += 50) {
      const batch = wallets.slice(from, from + 50);
      const answers = await Promise.all(
        batch.map(async (_, j) => {
          const response = await fetch(`${platformUrl}/api/crops`, { headers: headers(from + j) });
          if (!response.ok) throw new Error(`GET /api/crops answered ${response.status}`);
          return ((await response.json()) as CropsResponse).crops;
        }),
      );
      const crops = answers.flatMap((list, j) => list.map((crop) => ({ holder: batch[j], crop })));
      await db.query(
        "insert into bench_crop_cards select * from unnest($1::text[], $2::numeric[], $3::text[])",
        [
          crops.map((c) => c.holder),
          crops.map((c) => c.crop.cropId),
          crops.map((c) => JSON.stringify(c.crop)),
        ],
      );
      stored += crops.length;
    }
    await db.query("vacuum analyze bench_crop_cards");
    return stored;
  } finally {
    await db.end();
  }
}
