import {
  isNotificationKind,
  NOTIFICATION_KINDS,
  type NotificationInbox,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  notificationCatalogue,
  type Role,
} from "@farm/core";
import { and, eq, sql } from "drizzle-orm";
import type { CacheStore } from "../adapters/cache";
import { type Database, queryRows } from "../adapters/db/database";
import type { AppConfig } from "../config";
import { decryptField, fieldKeys } from "../documents/field-encryption";
import { clearNotificationAddress, digest, setNotificationAddress } from "./actions";
import type { EmailJobSender } from "./jobs";
import { notificationAddresses, notificationPreferences } from "./schema";

/** Items an inbox shows: not the verification mail, nothing a reorg took away. */
const visible = sql`kind <> 'address_verification' and email_status <> 'withdrawn'
  and (source_event is null or exists (select 1 from chain_events e where e.id = source_event))`;

export async function unreadCount(db: Database, owner: string): Promise<number> {
  const [row] = await queryRows<{ unread: number }>(
    db,
    sql`select count(*)::int as unread from notifications
        where recipient = ${owner.toLowerCase()} and read_at is null and ${visible}`,
  );
  return row?.unread ?? 0;
}

export async function readInbox(db: Database, owner: string, limit: number): Promise<NotificationInbox> {
  const rows = await queryRows<{
    id: string;
    kind: string;
    params: Record<string, string>;
    created_at: Date | string;
    read: boolean;
  }>(
    db,
    sql`select id::text as id, kind, params, created_at, read_at is not null as read from notifications
        where recipient = ${owner.toLowerCase()} and ${visible}
        order by notifications.id desc limit ${limit}`,
  );
  return {
    unread: await unreadCount(db, owner),
    items: rows.flatMap((row) =>
      isNotificationKind(row.kind)
        ? [
            {
              id: row.id,
              kind: row.kind,
              params: row.params,
              createdAt: new Date(row.created_at).toISOString(),
              read: row.read,
            },
          ]
        : [],
    ),
  };
}

export async function markRead(db: Database, owner: string, ids: readonly string[] | "all"): Promise<number> {
  const mine = sql`recipient = ${owner.toLowerCase()} and read_at is null`;
  if (ids === "all") await db.execute(sql`update notifications set read_at = now() where ${mine}`);
  else
    await db.execute(
      sql`update notifications set read_at = now()
          where ${mine} and id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint)`,
    );
  return unreadCount(db, owner);
}

/** Kinds a wallet with these roles can receive (anyone may invest, so investor kinds are always listed). */
function kindsFor(roles: readonly Role[]): NotificationKind[] {
  const audiences = new Set<string>(["investor", ...roles]);
  return NOTIFICATION_KINDS.filter((kind) => {
    const info = notificationCatalogue[kind];
    return audiences.has(info.audience) && info.produced;
  });
}

export async function readPreferences(
  db: Database,
  config: AppConfig,
  owner: string,
  roles: readonly Role[],
): Promise<NotificationPreferences> {
  const key = owner.toLowerCase();
  const [address] = await db.select().from(notificationAddresses).where(eq(notificationAddresses.owner, key));
  const switches = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.owner, key));
  const off = new Set(switches.filter((row) => !row.email).map((row) => row.kind));
  return {
    email: address?.emailEncrypted ? decryptField(fieldKeys(config), address.emailEncrypted) : null,
    verified: address?.verifiedAt != null,
    language: address?.language === "id" ? "id" : "en",
    kinds: kindsFor(roles).map((kind) => ({ kind, email: !off.has(kind) })),
  };
}

/** Saves a wallet's preferences in one transaction: all of them, or nothing when a verification e-mail is refused. */
export async function updatePreferences(
  db: Database,
  jobs: EmailJobSender,
  config: AppConfig,
  cache: CacheStore,
  owner: string,
  update: NotificationPreferencesUpdate,
): Promise<void> {
  const key = owner.toLowerCase();
  const cap = { cache, perDay: config.notifications.verificationEmailsPerDay };
  await db.transaction(async (tx) => {
    if (update.email === null) await clearNotificationAddress(tx, key);
    else if (update.email !== undefined)
      await setNotificationAddress(tx, jobs, config, key, update.email, update.language, cap);
    if (update.language !== undefined)
      await tx
        .update(notificationAddresses)
        .set({ language: update.language })
        .where(eq(notificationAddresses.owner, key));
    for (const { kind, email } of update.kinds ?? []) await setEmailSwitch(tx, key, kind, email);
  });
}

export async function setEmailSwitch(
  db: Pick<Database, "insert">,
  owner: string,
  kind: NotificationKind,
  email: boolean,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ owner, kind, email })
    .onConflictDoUpdate({
      target: [notificationPreferences.owner, notificationPreferences.kind],
      set: { email },
    });
}

/** A verification link's token: live, expired (sent more than `days` days ago), or dead (used, replaced, unknown). */
export type VerificationLinkState = "live" | "expired" | "dead";

/** Sent less than `days` days ago (the token is set with the address's `updated_at`). */
const sentWithin = (days: number) =>
  sql`${notificationAddresses.updatedAt} > now() - make_interval(days => ${days}::int)`;

/** The state of a verification link's token; reads only. */
export async function verificationLinkState(
  db: Database,
  token: string,
  days: number,
): Promise<VerificationLinkState> {
  const [row] = await db
    .select({ live: sql<boolean>`${sentWithin(days)}` })
    .from(notificationAddresses)
    .where(eq(notificationAddresses.verifyTokenHash, digest(token)));
  return row === undefined ? "dead" : row.live ? "live" : "expired";
}

/** Uses a verification link: "live" when it was the address's live one (now verified), else why it is not. */
export async function verifyAddress(
  db: Database,
  token: string,
  days: number,
): Promise<VerificationLinkState> {
  const verified = await db
    .update(notificationAddresses)
    .set({ verifiedAt: sql`now()`, verifyTokenHash: null })
    .where(and(eq(notificationAddresses.verifyTokenHash, digest(token)), sentWithin(days)))
    .returning({ owner: notificationAddresses.owner });
  return verified.length > 0 ? "live" : verificationLinkState(db, token, days);
}
