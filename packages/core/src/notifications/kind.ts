// The shape of a notification kind, apart from the catalogue so each area's kinds can live in their own module.

export const NOTIFICATION_LANGUAGES = ["en", "id"] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

/** Which app a notification's link opens: the farmer portal (farmers, admins, buyers) or the investor app. */
export type NotificationApp = "portal" | "investor";
export type NotificationAudience = "farmer" | "investor" | "buyer" | "admin" | "any";

/** Values a text may name as {name}; never a NIK, tax or bank number (`assertSafeParams`). */
export type NotificationParams = Readonly<Record<string, string>>;

/** A sentence with {params}; a [part] shows only when its {params} have values (`fillTemplate`). */
export interface Words {
  subject: string;
  body: string;
}

export interface NotificationKindInfo {
  audience: NotificationAudience;
  app: NotificationApp;
  /** Path in `app`, with {params}. */
  link: string;
  en: Words;
  id: Words;
  /** False for kinds no code produces yet (their feature is not built); they are listed so later work only adds a producer. */
  produced: boolean;
  /** The address-verification message cannot be switched off: it is how an address starts receiving anything. */
  required?: boolean;
}

export const kind = (
  info: Omit<NotificationKindInfo, "produced"> & { produced?: boolean },
): NotificationKindInfo => ({
  produced: true,
  ...info,
});
