export * from "./api";
export * from "./game";
export * from "./gold";
export * from "./notifications";
export * from "./states";
export * from "./yield";
