export { farmNftAbi } from "./abi/FarmNFT";
export { farmVaultAbi } from "./abi/FarmVault";
export { goldFaucetAbi } from "./abi/GoldFaucet";
export { goldTokenAbi } from "./abi/GoldToken";
export { type DeployFarmOptions, deployDefaults, deployFarm } from "./deploy";
export { type FarmDeployment, farmDeploymentSchema, parseDeployment } from "./deployment";
export { loadDeployment, writeDeployment } from "./deployment-file";
export { farmErrorsAbi } from "./errors";
export {
  InvoiceStatus,
  type InvoiceStatusName,
  invoiceStatusName,
  invoiceStatusNames,
} from "./invoice-status";
export { roles } from "./roles";
