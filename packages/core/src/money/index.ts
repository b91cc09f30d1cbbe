export * from "./parse-gold-text";
export * from "./rupiah";
