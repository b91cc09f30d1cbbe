import { type ChildProcess } from "node:child_process";
export interface Child {
  name: string;
  process: ChildProcess;
  stop(): Promise<void>;
}
/**
 * Starts a child in its own process group (so its own children stop with it) and prefixes its output with its name.
 * `quiet` keeps output only for failures: the last lines are printed if the child exits unexpectedly.
 */
export declare function startChild(
  name: string,
  command: string,
  args: string[],
  options: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    quiet?: boolean;
  },
): Child;
/** Polls `url` until it answers (any HTTP status below 500) or the child dies or the time runs out. */
export declare function waitForHttp(url: string, child: Child, timeoutMs?: number): Promise<void>;
