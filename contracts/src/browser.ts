// Everything of the package that runs in a browser: the pure entry plus deployFarm (viem only).
// Bundlers pick this entry through the "browser" export condition, so apps never pull in node:fs.
export * from "./abis";
export { type DeployFarmOptions, deployDefaults, deployFarm } from "./deploy";
export { type FarmDeployment, farmDeploymentSchema, parseDeployment } from "./deployment";
export { type WaitForReceiptOptions, waitForReceipt } from "./receipt";
