/**
 * What a buyer's contact can carry and how much it says. The confirmation link goes by e-mail only (there is no
 * text-message channel yet); an address at a free-mail provider says less about who answered than one at the buyer's
 * own company domain, so the badge says which it was.
 */

/** Free-mail providers (and their country domains) anyone can open an address at. Lower case. */
export const FREE_MAIL_DOMAINS: readonly string[] = [
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "yahoo.co.id",
  "ymail.com",
  "rocketmail.com",
  "outlook.com",
  "outlook.co.id",
  "hotmail.com",
  "hotmail.co.id",
  "live.com",
  "msn.com",
  "aol.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.net",
  "mail.com",
  "zoho.com",
  "yandex.com",
  "yandex.ru",
  "qq.com",
  "163.com",
  "126.com",
  "rediffmail.com",
  "tutanota.com",
  "fastmail.com",
];

const emailShape = /^[^\s@]+@([^\s@]+\.[^\s@]+)$/;

/** True when the contact is an e-mail address (the only kind the confirmation link can be sent to). */
export const isEmailContact = (contact: string): boolean => emailShape.test(contact.trim());

/** The domain of an e-mail address, lower case; null for anything else (a phone number). */
export function emailDomainOf(contact: string): string | null {
  const match = emailShape.exec(contact.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/** True for an address at a free-mail provider (or a subdomain of one). */
export function isFreeMailDomain(domain: string): boolean {
  const lower = domain.toLowerCase();
  return FREE_MAIL_DOMAINS.some((free) => lower === free || lower.endsWith(`.${free}`));
}

/** "f*****e@pangansejahtera.co.id": enough for the farmer to recognise the address, not to read it off. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const shown =
    local.length <= 2 ? `${local[0] ?? ""}*` : `${local[0]}${"*".repeat(local.length - 2)}${local.at(-1)}`;
  return `${shown}@${domain}`;
}
