export * from "./parse-amount-text";
export * from "./parse-gold-text";
export * from "./rupiah";
