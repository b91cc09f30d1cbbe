export * from "./browser";
export { loadDeployment, writeDeployment } from "./deployment-file";
