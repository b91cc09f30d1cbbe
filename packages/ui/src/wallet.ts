/** Wallet pieces (wagmi, viem accounts, SIWE): import from "@farm/ui/wallet" in lazily loaded routes only. */

export { TxProgress } from "./tx/TxProgress";
export { describeTxError, humanizeErrorName } from "./tx/tx-error";
export { type ContractCall, type SendOptions, useTransactor } from "./tx/use-transactor";
export { DevAccountPicker } from "./wallet/DevAccountPicker";
export { devAccountAddress } from "./wallet/dev-account-address";
export { type DevAccount, devAccounts } from "./wallet/dev-accounts";
export { devWallet } from "./wallet/dev-wallet-connector";
export { FaucetButton } from "./wallet/FaucetButton";
export { type PermitSignature, signGoldPermit } from "./wallet/gold-permit";
export { RequireSignIn } from "./wallet/RequireSignIn";
export { useSignIn } from "./wallet/use-sign-in";
export { WalletPanel } from "./wallet/WalletPanel";
export { useFarmChain, useFarmContracts, WalletProvider } from "./wallet/WalletProvider";
export { chainFromConfig, createFarmWagmiConfig } from "./wallet/wagmi-config";
