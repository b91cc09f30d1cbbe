import { FREE_MAIL_DOMAINS } from "@farm/core";
import { type SQL, sql } from "drizzle-orm";

// Constants of our own (checked below), so they may be written into the statement and its index as literals.
const literal = (text: string) => {
  if (!/^%?[a-z0-9.-]+$/.test(text)) throw new Error(`not a domain: ${text}`);
  return `'${text}'`;
};
const freeMail = FREE_MAIL_DOMAINS.map(literal).join(", ");
const freeMailSuffixes = FREE_MAIL_DOMAINS.map((domain) => literal(`%.${domain}`)).join(", ");

/**
 * The buyer's name as the entity key reads it: lower case, anything but letters and digits a single space, the legal
 * form (PT, CV, UD, PD before; Tbk, PT after) dropped: "PT. Sumber Rejeki, Tbk" -> "sumber rejeki".
 */
export const buyerNameKeySql = sql.raw(
  `btrim(regexp_replace(regexp_replace(lower(buyer_name), '[^a-z0-9]+', ' ', 'g'), '^ *(pt|cv|ud|pd) +| +(tbk|pt|cv) *$', '', 'g'))`,
);

/** Whether the buyer confirmed from a company domain, the only identity strong enough to merge buyers across farmers. */
export const buyerVerifiedDomainSql = sql.raw(
  `case when buyer_decision = 'confirmed' and buyer_email_domain is not null
     and buyer_email_domain <> all(array[${freeMail}]) and not buyer_email_domain like any(array[${freeMailSuffixes}])
   then buyer_email_domain end`,
);

/**
 * A buyer entity's id over the `invoices` row in scope (columns unqualified, so the statement and its expression index
 * read the same text): the normalised name with the verified domain, or with the farmer where there is none
 * (decision 0054).
 */
export const buyerIdSql: SQL = sql`md5(coalesce('domain:' || ${buyerVerifiedDomainSql}, 'farmer:' || lower(farmer_address)) || '|' || ${buyerNameKeySql})`;
