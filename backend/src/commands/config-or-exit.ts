import { type AppConfig, ConfigError, loadConfig } from "../config";

/** The configuration from the environment; a command given a bad one says why and exits 1 instead of a stack trace. */
export function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
