export * from "./api";
export * from "./game";
export * from "./gold";
export * from "./states";
export * from "./yield";
export * from "./notifications";
