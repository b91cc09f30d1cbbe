import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { checkRpcChain } from "./chain/chain-check";
import { configOrExit, exitOnConfigError } from "./commands/config-or-exit";
import { ConfigError } from "./config/config-error";
import { missingBuild, portTaken } from "./static/builds-preflight";
import { servingWithoutContracts } from "./static/contracts-preflight";

const config = configOrExit();

/**
 * Starts the server. A setting it cannot start with (an unreachable DATABASE_URL, a malformed DEPLOYMENTS_FILE, an
 * RPC_URL of another chain, apps not built, a port in use) ends it with one line naming what to fix, and exit 1.
 */
async function start(): Promise<FastifyInstance> {
  const refusal = (await servingWithoutContracts(config)) ?? (await missingBuild(config));
  if (refusal) throw new ConfigError(refusal);
  const app = await buildApp(config);
  await checkRpcChain(app);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, "shutting down");
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ host: config.host, port: config.port }).catch((error: unknown) => {
    const taken = portTaken(error, config);
    throw taken ? new ConfigError(taken) : error;
  });
  return app;
}

await start().catch(exitOnConfigError);
