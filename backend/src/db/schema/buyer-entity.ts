import { BUYER_LEGAL_FORMS, FREE_MAIL_DOMAINS } from "@farm/core";
import { type SQL, sql } from "drizzle-orm";

// Constants of our own (checked below), so they may be written into the statement and its index as literals.
const literal = (text: string) => {
  if (!/^%?[a-z0-9.-]+$/.test(text)) throw new Error(`not a domain: ${text}`);
  return `'${text}'`;
};
const freeMail = FREE_MAIL_DOMAINS.map(literal).join(", ");
const freeMailSuffixes = FREE_MAIL_DOMAINS.map((domain) => literal(`%.${domain}`)).join(", ");

const legalForms = BUYER_LEGAL_FORMS.join("|");

/**
 * The buyer's name as the entity key reads it, core's `normaliseBuyerName` for names in Latin letters: lower case,
 * "P.T." joined to "pt", anything but letters and digits a space, the legal forms (PT, CV, Tbk...) dropped, spaces
 * collapsed: "P.T. Sumber Rejeki, Tbk" -> "sumber rejeki".
 */
export const buyerNameKeySql = sql.raw(
  String.raw`btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(lower(buyer_name), '\m([a-z])\.(?=[a-z]\.)', '\1', 'g'), '[^a-z0-9]+', ' ', 'g'), '\m(${legalForms})\M', '', 'g'), ' +', ' ', 'g'))`,
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
