export * from "./catalogue";
