export * from "./gold";
