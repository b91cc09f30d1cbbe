export { isChainUnreachable, OperatorTransactionError, revertErrorName } from "./chain-errors";
export { type ChainClientOptions, type ChainClients, createChainClients } from "./clients";
export { readDeploymentBlock } from "./deployment-block";
export { OperatorWallet, type OperatorWrite } from "./operator";
