export { isChainUnreachable, OperatorTransactionError, revertErrorName } from "../../errors/chain";
export { type NonceLock, type OperatorObserver, OperatorWallet, type OperatorWrite } from "../operator";
export { type ChainClientOptions, type ChainClients, createChainClients } from "./clients";
export { findDeploymentBlock, readDeploymentBlock } from "./deployment-block";
