export * from "./api";
export * from "./game";
export * from "./gold";
export * from "./money";
export * from "./states";
export * from "./yield";
