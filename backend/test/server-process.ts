import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const backendDir = fileURLToPath(new URL("..", import.meta.url));

/**
 * Starts `src/server.ts` (or another entry point of the backend, with `args`) with exactly `env` and waits for it to
 * exit: for start-up refusals and commands.
 */
export async function serverExit(
  env: NodeJS.ProcessEnv,
  script = "src/server.ts",
  args: string[] = [],
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: backendDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, stderr, stdout };
}
