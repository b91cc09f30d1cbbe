import type { FastifyInstance } from "fastify";
import type { Executor } from "../../src/adapters/db/database";
import { notificationAddresses } from "../../src/db/schema";
import { encryptField, fieldKeys } from "../../src/documents/field-encryption";
import { enqueueNotifications } from "../../src/notifications/outbox";

/** A wallet with a verified address, so whatever is enqueued for it goes out by e-mail. */
export async function verifiedRecipient(
  app: FastifyInstance,
  wallet: string,
  email: string,
  db: Executor = app.db,
) {
  await db.insert(notificationAddresses).values({
    owner: wallet.toLowerCase(),
    emailEncrypted: encryptField(fieldKeys(app.config), email),
    language: "en",
    verifiedAt: new Date(),
  });
}

/** `count` repayment notifications for `wallet` (subjects from `first`), as the indexer would write them. */
export async function enqueueRepayments(app: FastifyInstance, wallet: string, count: number, first = 0) {
  await app.db.transaction((tx) =>
    enqueueNotifications(
      tx,
      app.emailJobs,
      Array.from({ length: count }, (_, n) => ({
        kind: "repayment_received" as const,
        recipient: wallet,
        subject: `event-${first + n}`,
        params: { tokenId: String(first + n), amount: "1000000000000000000" },
      })),
    ),
  );
}
