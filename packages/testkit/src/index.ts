export { anvilKeys } from "./accounts";
export { type Anvil, type AnvilOptions, anvilBinary, startAnvil } from "./anvil";
export { anvilChain } from "./chain";
export { getFreePort } from "./free-port";
export { findImportCycles } from "./import-cycles";
export { chromiumArgs, chromiumPath, isCI, missingServices, testDatabaseUrl, testRedisUrl } from "./services";
export { signInOverHttp, signSiwe } from "./siwe";
export { readSources } from "./sources";
export { type ProxyMode, startTcpProxy, type TcpProxy } from "./tcp-proxy";
