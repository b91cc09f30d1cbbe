/** FarmMarket's ABI, from `@farm/contracts` (the one export; kept as a module so the index's imports stay put). */
export { farmMarketAbi } from "@farm/contracts";
