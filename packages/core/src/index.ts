export * from "./api";
export * from "./game";
export * from "./gold";
export * from "./money";
export * from "./notifications";
export type { SqlTag } from "./sql-tag";
export * from "./states";
export * from "./time";
export * from "./yield";
