import { z } from "zod";
import { NOTIFICATION_KINDS, NOTIFICATION_LANGUAGES } from "../notifications/catalogue";

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export const notificationLanguageSchema = z.enum(NOTIFICATION_LANGUAGES);
const notificationId = z.string().regex(/^\d{1,18}$/, "a notification id");

/** One inbox item: the apps word it from the catalogue with `params`. */
export const notificationItemSchema = z.object({
  id: notificationId,
  kind: notificationKindSchema,
  params: z.record(z.string(), z.string()),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });

/** The signed-in wallet's latest notifications, newest first, and how many of all are unread. */
export const notificationInboxSchema = unreadCountSchema.extend({ items: z.array(notificationItemSchema) });
export type NotificationInbox = z.infer<typeof notificationInboxSchema>;

export const notificationInboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** Marks the named notifications read, or all of them. */
export const markNotificationsReadSchema = z
  .object({ ids: z.array(notificationId).max(200).optional(), all: z.boolean().optional() })
  .refine((body) => body.all === true || (body.ids?.length ?? 0) > 0, "name ids or set all");

export const notificationPreferencesSchema = z.object({
  /** The address e-mail goes to, null when none. */
  email: z.string().nullable(),
  /** Whether its verification link was opened (nothing else is sent before). */
  verified: z.boolean(),
  language: notificationLanguageSchema,
  /** E-mail on or off per kind the wallet can receive; the inbox always has every kind. */
  kinds: z.array(z.object({ kind: notificationKindSchema, email: z.boolean() })),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesUpdateSchema = z.object({
  /** A new address gets a verification link; null removes the address. */
  email: z.email().max(200).nullable().optional(),
  language: notificationLanguageSchema.optional(),
  kinds: z
    .array(z.object({ kind: notificationKindSchema, email: z.boolean() }))
    .max(100)
    .optional(),
});
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

export const notificationTokenParamsSchema = z.object({ token: z.string().min(10).max(300) });
export const addressVerifiedSchema = z.object({ verified: z.literal(true) });
/** A verification link that is live: its page asks the reader to confirm (POST) before anything changes. */
export const addressVerificationLinkSchema = z.object({ live: z.literal(true) });
export const unsubscribedSchema = z.object({ kind: notificationKindSchema, unsubscribed: z.boolean() });

/** Messages that ran out of attempts: what and why, never to whom. */
export const deadNotificationsSchema = z.object({
  items: z.array(
    z.object({
      id: notificationId,
      kind: notificationKindSchema,
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export const notificationIdParamsSchema = z.object({ id: notificationId });
export const notificationRetriedSchema = z.object({ retried: z.boolean() });
