export { isChainUnreachable, OperatorTransactionError, revertErrorName } from "./chain-errors";
export { type ChainClientOptions, type ChainClients, createChainClients } from "./clients";
export { findDeploymentBlock, readDeploymentBlock } from "./deployment-block";
export { type NonceLock, type OperatorObserver, OperatorWallet, type OperatorWrite } from "./operator";
