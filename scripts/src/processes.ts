import { type ChildProcess, spawn } from "node:child_process";

export interface Child {
  name: string;
  process: ChildProcess;
  /** Settles when the process has exited: its exit code, or null when a signal ended it. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const colours = ["\x1b[36m", "\x1b[35m", "\x1b[33m", "\x1b[32m", "\x1b[34m"];
let colourIndex = 0;

/**
 * Starts a child in its own process group (so its own children stop with it) and prefixes its output with its name.
 * `quiet` keeps output only for failures: the last lines are printed if the child exits unexpectedly.
 * `runsToEnd` marks a command that finishes by itself (a build): exiting with code 0 is then not reported.
 */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; quiet?: boolean; runsToEnd?: boolean },
): Child {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const colour = colours[colourIndex++ % colours.length];
  const recent: string[] = [];
  let stopping = false;
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 40) recent.shift();
      if (!options.quiet) process.stdout.write(`${colour}${name.padEnd(14)}\x1b[0m ${line}\n`);
    }
  };
  child.stdout?.on("data", relay);
  child.stderr?.on("data", relay);
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code, signal) => {
      resolve(code);
      if (stopping || (options.runsToEnd && code === 0)) return;
      process.stderr.write(`${name} exited (${signal ?? code}).\n`);
      if (options.quiet) process.stderr.write(`${recent.join("\n")}\n`);
    });
  });
  return {
    name,
    process: child,
    exited,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
        const timer = setTimeout(() => signalGroup(child.pid!, "SIGKILL"), 5_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        signalGroup(child.pid, "SIGTERM");
      }),
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Waits for a child started with `runsToEnd` and fails unless it exited with code 0. */
export async function waitForSuccess(child: Child): Promise<void> {
  const code = await child.exited;
  if (code !== 0)
    throw new Error(`${child.name} failed (${code === null ? "stopped by a signal" : `exit code ${code}`})`);
}

/** Polls `url` until it answers (any HTTP status below 500) or the child dies or the time runs out. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error(`${child.name} exited before answering on ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${child.name} did not answer on ${url} within ${timeoutMs / 1000} s`);
}
