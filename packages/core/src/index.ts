export * from "./api";
export * from "./game";
export * from "./gold";
export type { SqlTag } from "./sql-tag";
export * from "./states";
export * from "./time";
export * from "./yield";
