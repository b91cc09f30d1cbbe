export * from "./browser";
export { loadDeployment, writeDeployment } from "./deployment-file";
export {
  type NetworkName,
  type NetworkPreset,
  networkByChainId,
  networkNames,
  networkPresets,
} from "./networks";
