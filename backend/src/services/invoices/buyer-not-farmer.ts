import { emailDomainOf, isFreeMailDomain } from "@farm/core";
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import type { AppConfig } from "../../config";
import { farmers } from "../../db/schema/farmers";
import { decryptField, fieldKeys } from "../../documents/field-encryption";
import { unprocessable } from "../../errors";
import { notificationAddresses } from "../../notifications/schema";

/**
 * A contact as compared: an e-mail address trimmed and lower-cased (exactly that: "s.iti+x@gmail.com" is not
 * "siti@gmail.com"), a phone number as its digits only (both sides are stored as +62... or +<country>...).
 */
type Comparable = { email: string } | { digits: string };

function comparable(contact: string): Comparable {
  const trimmed = contact.trim();
  return emailDomainOf(trimmed) === null
    ? { digits: trimmed.replace(/\D/g, "") }
    : { email: trimmed.toLowerCase() };
}

function sameContact(a: Comparable, other: string | null): boolean {
  if (other === null) return false;
  const b = comparable(other);
  if ("email" in a) return "email" in b && a.email === b.email;
  return "digits" in b && a.digits.length > 0 && a.digits === b.digits;
}

const refusal = () =>
  unprocessable(
    "BUYER_CONTACT_IS_FARMER",
    "The buyer's contact is a farmer's own e-mail address or phone number on this platform: give the buyer's own",
    { field: "buyerContact" },
  );

/**
 * Refuses (422 BUYER_CONTACT_IS_FARMER) a buyer contact that is the farmer's own: the e-mail or phone of its
 * registration or of another registration of the same person (same e-mail or phone, as for wallet signatures), or the
 * verified notification address of one of their wallets. With `anyFarmer`, also the e-mail or phone of any other
 * farmer registration (farmers confirming each other's invoices). The farmer could otherwise answer its own link.
 *
 * The submission checks the farmer's own contacts only: checking every registration there would tell a farmer, for
 * any address it types, whether a farmer registered it. The confirmation link checks all: reaching it takes a
 * submission (a few an hour), and that invoice's contact is fixed.
 */
export async function refuseFarmerAsBuyer(
  db: Executor,
  config: AppConfig,
  farmerId: string,
  contact: string,
  anyFarmer: boolean,
): Promise<void> {
  const buyer = comparable(contact);
  const [farm] = await db
    .select({ email: farmers.email, phone: farmers.phone })
    .from(farmers)
    .where(eq(farmers.id, farmerId));
  if (!farm) return;
  const person = await db
    .select({ wallet: farmers.walletAddress, email: farmers.email, phone: farmers.phone })
    .from(farmers)
    .where(or(eq(sql`lower(${farmers.email})`, farm.email.toLowerCase()), eq(farmers.phone, farm.phone)));
  if (person.some((row) => sameContact(buyer, row.email) || sameContact(buyer, row.phone))) throw refusal();
  if ("email" in buyer) {
    const addresses = await db
      .select({ emailEncrypted: notificationAddresses.emailEncrypted })
      .from(notificationAddresses)
      .where(
        and(
          inArray(
            notificationAddresses.owner,
            person.map((row) => row.wallet.toLowerCase()),
          ),
          isNotNull(notificationAddresses.verifiedAt),
        ),
      );
    const keys = fieldKeys(config);
    for (const { emailEncrypted } of addresses)
      if (emailEncrypted !== null && sameContact(buyer, decryptField(keys, emailEncrypted))) throw refusal();
  }
  if (!anyFarmer) return;
  const [registered] = await db
    .select({ id: farmers.id })
    .from(farmers)
    .where(
      "email" in buyer
        ? eq(sql`lower(btrim(${farmers.email}))`, buyer.email)
        : eq(sql`regexp_replace(${farmers.phone}, '[^0-9]', '', 'g')`, buyer.digits),
    )
    .limit(1);
  if (registered) throw refusal();
}

/**
 * Whether the buyer's e-mail domain is the farmer's registered e-mail's, a company domain (not a free-mail
 * provider's): the admins are shown it, as a buyer at the farmer's own company may be the farmer.
 */
export async function buyerDomainIsFarmers(
  db: Executor,
  farmerId: string,
  buyerEmail: string | null,
): Promise<boolean> {
  const domain = buyerEmail === null ? null : emailDomainOf(buyerEmail);
  if (domain === null || isFreeMailDomain(domain)) return false;
  const [farm] = await db.select({ email: farmers.email }).from(farmers).where(eq(farmers.id, farmerId));
  return farm !== undefined && emailDomainOf(farm.email) === domain;
}
