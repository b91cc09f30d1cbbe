export * from "./parse-amount-text";
export * from "./parse-decimal-text";
export * from "./parse-gold-text";
export * from "./parse-rupiah-text";
export * from "./rupiah";
