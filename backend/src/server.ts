import { buildApp } from "./app";
import { configOrExit } from "./commands/config-or-exit";
import { servingWithoutContracts } from "./static/contracts-preflight";

const config = configOrExit();
const noContracts = await servingWithoutContracts(config);
if (noContracts) {
  process.stderr.write(`${noContracts}\n`);
  process.exit(1);
}
const app = await buildApp(config);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, "shutting down");
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
await app.listen({ host: config.host, port: config.port });
