export { isChainUnreachable, OperatorTransactionError, revertErrorName } from "./chain-errors";
export { type ChainClientOptions, type ChainClients, createChainClients } from "./clients";
export { readDeploymentBlock } from "./deployment-block";
export { type NonceLock, OperatorWallet, type OperatorWrite } from "./operator";
