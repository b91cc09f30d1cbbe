export { anvilKeys } from "./accounts";
export { type Anvil, type AnvilOptions, anvilBinary, startAnvil } from "./anvil";
export { getFreePort } from "./free-port";
export { chromiumArgs, chromiumPath, isCI, missingServices, testDatabaseUrl, testRedisUrl } from "./services";
export { readSources } from "./sources";
export { type ProxyMode, startTcpProxy, type TcpProxy } from "./tcp-proxy";
