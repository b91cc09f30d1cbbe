// The pure part of the package for browser bundles: ABIs, status names and role ids, with no deployment code at all,
// so an app that imports "@farm/contracts/abi" can never pull in node:fs whatever export conditions its bundler uses.
export { farmMarketAbi } from "./abi/FarmMarket";
export { farmNftAbi } from "./abi/FarmNFT";
export { farmVaultAbi } from "./abi/FarmVault";
export { goldFaucetAbi } from "./abi/GoldFaucet";
export { goldTokenAbi } from "./abi/GoldToken";
export { farmErrorsAbi } from "./errors";
export {
  InvoiceStatus,
  type InvoiceStatusName,
  invoiceStatusName,
  invoiceStatusNames,
} from "./invoice-status";
export { type GoldPermit, goldPermitTypedData, permitTypes } from "./permit";
export { roles } from "./roles";
