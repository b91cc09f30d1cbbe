// A backend instance run as a child process by the kill -9 test: it delivers the outbox until it is killed.
import { buildApp, loadConfig } from "../../src/app";

const app = await buildApp(loadConfig(process.env), { contracts: null });
await app.ready();
process.stdout.write("ready\n");
