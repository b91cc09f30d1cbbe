import {
  addressVerificationLinkSchema,
  addressVerifiedSchema,
  deadNotificationsSchema,
  errorBodySchema,
  isNotificationKind,
  markNotificationsReadSchema,
  notificationIdParamsSchema,
  notificationInboxQuerySchema,
  notificationInboxSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationRetriedSchema,
  notificationTokenParamsSchema,
  unreadCountSchema,
  unsubscribedSchema,
} from "@farm/core";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { queryRows } from "../adapters/db/database";
import { fieldKeys } from "../documents/field-encryption";
import { AppError, notFound } from "../errors";
import { requireSession } from "../session";
import { recordBuyerOptOut } from "./buyer-opt-out";
import {
  markRead,
  readInbox,
  readPreferences,
  setEmailSwitch,
  unreadCount,
  updatePreferences,
  verificationLinkState,
  verifyAddress,
} from "./inbox";
import { readUnsubscribeToken } from "./tokens";

const signedIn = { tags: ["notifications"], security: [{ session: [] }] };
const publicLink = { tags: ["notifications"], security: [] };

/** The inbox, preferences, address verification, one-click unsubscribe and the admin's dead letters. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" as a form; only the unsubscribe route reads it.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, { form: String(body).slice(0, 200) }),
  );

  app.get(
    "/notifications",
    {
      preHandler: app.authenticate,
      schema: {
        ...signedIn,
        summary: "The signed-in wallet's notifications, newest first, with the unread count",
        querystring: notificationInboxQuerySchema,
        response: { 200: notificationInboxSchema, 401: errorBodySchema },
      },
    },
    async (request) => readInbox(app.db, requireSession(request).address, request.query.limit),
  );

  app.get(
    "/notifications/unread",
    {
      preHandler: app.authenticate,
      schema: {
        ...signedIn,
        summary: "How many notifications are unread (the apps' header badge)",
        response: { 200: unreadCountSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ unread: await unreadCount(app.db, requireSession(request).address) }),
  );

  app.post(
    "/notifications/read",
    {
      preHandler: app.authenticate,
      schema: {
        ...signedIn,
        summary: "Marks notifications read (the named ones, or all)",
        body: markNotificationsReadSchema,
        response: { 200: unreadCountSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({
      unread: await markRead(
        app.db,
        requireSession(request).address,
        request.body.all === true ? "all" : (request.body.ids ?? []),
      ),
    }),
  );

  app.get(
    "/notifications/preferences",
    {
      preHandler: app.authenticate,
      schema: {
        ...signedIn,
        summary: "The wallet's e-mail address, language and e-mail switch per kind",
        response: { 200: notificationPreferencesSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return readPreferences(app.db, app.config, session.address, session.roles);
    },
  );

  app.put(
    "/notifications/preferences",
    {
      preHandler: app.authenticate,
      schema: {
        ...signedIn,
        summary: "Sets the e-mail address (a new one is sent a verification link), language and switches",
        description:
          "A new or unverified address is sent a verification link: at most NOTIFY_VERIFICATION_EMAILS_PER_DAY " +
          "(default 5) a UTC day per wallet and per address; one more is refused with 429 " +
          "TOO_MANY_VERIFICATION_EMAILS (details.retryAt: the next 00:00 UTC) and nothing of the request is saved.",
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await updatePreferences(app.db, app.emailJobs, app.config, app.cache, session.address, request.body);
      return readPreferences(app.db, app.config, session.address, session.roles);
    },
  );

  const notLive = () => notFound("This verification link is not live; ask for a new one in your preferences");
  const days = app.config.notifications.verificationLinkDays;
  const refuseLink = (state: "expired" | "dead"): never => {
    if (state === "dead") throw notLive();
    throw new AppError(
      410,
      "VERIFICATION_LINK_EXPIRED",
      `This verification link has expired (a link works ${days} days); ask for a new one in your preferences`,
      { days },
    );
  };
  // Mail scanners open links: reading one changes nothing, the address is verified by the page's POST.
  app.get(
    "/notifications/verify/:token",
    {
      schema: {
        ...publicLink,
        summary: "Whether an address's verification link is live (changes nothing: mail scanners open links)",
        description:
          "410 VERIFICATION_LINK_EXPIRED once NOTIFY_VERIFICATION_LINK_DAYS (7) have passed since it was sent.",
        params: notificationTokenParamsSchema,
        response: { 200: addressVerificationLinkSchema, 404: errorBodySchema, 410: errorBodySchema },
      },
    },
    async (request) => {
      const state = await verificationLinkState(app.db, request.params.token, days);
      if (state !== "live") refuseLink(state);
      return { live: true as const };
    },
  );

  app.post(
    "/notifications/verify/:token",
    {
      schema: {
        ...publicLink,
        summary: "Verifies the address of a verification link (sent by e-mail), once",
        description:
          "410 VERIFICATION_LINK_EXPIRED once NOTIFY_VERIFICATION_LINK_DAYS (7) have passed since it was sent.",
        params: notificationTokenParamsSchema,
        response: { 200: addressVerifiedSchema, 404: errorBodySchema, 410: errorBodySchema },
      },
    },
    async (request) => {
      const state = await verifyAddress(app.db, request.params.token, days);
      if (state !== "live") refuseLink(state);
      return { verified: true as const };
    },
  );

  const unsubscribe = (token: string, apply: boolean) => async () => {
    const read = readUnsubscribeToken(fieldKeys(app.config), token);
    if (read === null) throw notFound("This unsubscribe link is not valid");
    if (apply) {
      await setEmailSwitch(app.db, read.recipient, read.kind, false);
      // A buyer leaving confirmation-link e-mails leaves them for its address, whichever invoice or farmer asks next.
      await recordBuyerOptOut(app.db, app.config, read.recipient, read.kind);
    }
    return { kind: read.kind, unsubscribed: apply };
  };

  app.get(
    "/notifications/unsubscribe/:token",
    {
      schema: {
        ...publicLink,
        summary: "What an unsubscribe link would switch off (changes nothing: mail scanners open links)",
        params: notificationTokenParamsSchema,
        response: { 200: unsubscribedSchema, 404: errorBodySchema },
      },
    },
    async (request) => unsubscribe(request.params.token, false)(),
  );

  app.post(
    "/notifications/unsubscribe/:token",
    {
      schema: {
        ...publicLink,
        summary: "One-click unsubscribe (RFC 8058): e-mail of this kind stops for this recipient",
        description:
          "For a buyer's confirmation-link e-mail, the buyer's address gets no further link e-mails for any invoice: " +
          "a farmer asking for one is answered 409 BUYER_OPTED_OUT.",
        params: notificationTokenParamsSchema,
        response: { 200: unsubscribedSchema, 404: errorBodySchema },
      },
    },
    async (request) => unsubscribe(request.params.token, true)(),
  );

  app.get(
    "/admin/notifications/dead",
    {
      preHandler: app.requireRole("admin"),
      schema: {
        ...signedIn,
        tags: ["admin"],
        summary: "E-mails that ran out of attempts (kind, attempts, last error; never the address)",
        response: { 200: deadNotificationsSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => {
      const rows = await queryRows<{
        id: string;
        kind: string;
        attempts: number;
        last_error: string | null;
        created_at: Date | string;
      }>(
        app.db,
        sql`select id::text as id, kind, attempts, last_error, created_at from notifications
            where email_status = 'dead' order by notifications.id desc limit 100`,
      );
      return {
        items: rows.flatMap((row) =>
          isNotificationKind(row.kind)
            ? [
                {
                  id: row.id,
                  kind: row.kind,
                  attempts: row.attempts,
                  lastError: row.last_error,
                  createdAt: new Date(row.created_at).toISOString(),
                },
              ]
            : [],
        ),
      };
    },
  );

  app.post(
    "/admin/notifications/:id/retry",
    {
      preHandler: app.requireRole("admin"),
      schema: {
        ...signedIn,
        tags: ["admin"],
        summary: "Puts a dead e-mail back in the queue with fresh attempts",
        params: notificationIdParamsSchema,
        response: { 200: notificationRetriedSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const rows = await queryRows<{ id: string }>(
          tx,
          sql`update notifications set email_status = 'pending', attempts = 0
              where id = ${request.params.id}::bigint and email_status = 'dead' returning id::text as id`,
        );
        // A new job with fresh attempts, in the same transaction (the old one stays in pg-boss's dead letters).
        await app.emailJobs.enqueue(
          tx,
          rows.map((row) => Number(row.id)),
        );
        return { retried: rows.length > 0 };
      }),
  );
};
