export * from "./parse-gold-text";
