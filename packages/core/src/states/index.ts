export * from "./crop-state";
export * from "./invoice-state";
