import { farmMarketAbi } from "./abi/FarmMarket";
import { farmNftAbi } from "./abi/FarmNFT";
import { farmVaultAbi } from "./abi/FarmVault";
import { goldFaucetAbi } from "./abi/GoldFaucet";
import { goldTokenAbi } from "./abi/GoldToken";

/**
 * Every custom error of the five contracts. A FarmNFT call can revert with an error of the vault or the token it
 * calls (InsufficientFreeReserve, ERC20InsufficientAllowance, ...), a FarmMarket trade with FarmNFT's or GOLD's
 * (ReceiverNotVerified, WalletFrozen, ERC2612ExpiredSignature, ...); decode revert data with this ABI to name it.
 */
export const farmErrorsAbi = [
  ...farmNftAbi,
  ...farmVaultAbi,
  ...goldTokenAbi,
  ...goldFaucetAbi,
  ...farmMarketAbi,
].filter((item): item is Extract<typeof item, { type: "error" }> => item.type === "error");
