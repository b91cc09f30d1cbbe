export const languages = ["en", "id"] as const;
export type Language = (typeof languages)[number];
export type Dictionary = Record<string, string>;
export type Dictionaries = Record<Language, Dictionary>;
export type Translate = (key: string, vars?: Record<string, string | number>) => string;
