/**
 * A setting the backend cannot start with: a wrong variable, or a file or service a variable points at. Its message
 * is one line naming the variable (or the command to run); entry points print it and exit 1, never a stack trace.
 */
export class ConfigError extends Error {}
