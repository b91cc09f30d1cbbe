import { farmerItemWords, type NotificationLanguage } from "@farm/core";

/**
 * The registration's document and field names as the portal's entries (`register.document.npwp`,
 * `register.field.landAreaHectares`): core's words, which the rejection notice names refused items with too.
 */
export function farmerItemEntries(language: NotificationLanguage): Record<string, string> {
  const { documents, fields } = farmerItemWords[language];
  const entries = (prefix: string, names: Record<string, string>) =>
    Object.entries(names).map(([name, words]) => [`${prefix}.${name}`, words] as const);
  return Object.fromEntries([
    ...entries("register.document", documents),
    ...entries("register.field", fields),
  ]);
}
