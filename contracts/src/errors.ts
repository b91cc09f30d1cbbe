import { farmNftAbi } from "./abi/FarmNFT";
import { farmVaultAbi } from "./abi/FarmVault";
import { goldFaucetAbi } from "./abi/GoldFaucet";
import { goldTokenAbi } from "./abi/GoldToken";

/**
 * Every custom error of the four contracts. A FarmNFT call can revert with an error of the vault or the token it
 * calls (InsufficientFreeReserve, ERC20InsufficientAllowance, ...); decode revert data with this ABI to name it.
 */
export const farmErrorsAbi = [...farmNftAbi, ...farmVaultAbi, ...goldTokenAbi, ...goldFaucetAbi].filter(
  (item): item is Extract<typeof item, { type: "error" }> => item.type === "error",
);
