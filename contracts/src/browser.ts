// Everything of the package that runs in a browser: ABIs, status names, roles, errors, deployFarm (viem only).
// Bundlers pick this entry through the "browser" export condition, so apps never pull in node:fs.
export { farmNftAbi } from "./abi/FarmNFT";
export { farmVaultAbi } from "./abi/FarmVault";
export { goldFaucetAbi } from "./abi/GoldFaucet";
export { goldTokenAbi } from "./abi/GoldToken";
export { type DeployFarmOptions, deployDefaults, deployFarm } from "./deploy";
export { type FarmDeployment, farmDeploymentSchema, parseDeployment } from "./deployment";
export { farmErrorsAbi } from "./errors";
export {
  InvoiceStatus,
  type InvoiceStatusName,
  invoiceStatusName,
  invoiceStatusNames,
} from "./invoice-status";
export { roles } from "./roles";
