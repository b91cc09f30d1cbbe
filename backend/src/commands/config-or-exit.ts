import { type AppConfig, ConfigError, loadConfig } from "../config";

/**
 * Ends a command or the server on a setting it cannot start with: a ConfigError's one line on stderr and exit 1.
 * Anything else is thrown on, so a bug keeps its stack trace.
 */
export function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

/** The configuration from the environment; a command given a bad one says why and exits 1 instead of a stack trace. */
export function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    return exitOnConfigError(error);
  }
}
