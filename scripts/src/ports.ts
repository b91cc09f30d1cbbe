import { createServer } from "node:net";

/** Resolves when `port` can be bound on `host`; rejects with a message naming the part that wanted it. */
export function assertPortFree(host: string, port: number, part: string, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      const reason = error.code === "EADDRINUSE" ? "is already in use" : `cannot be opened (${error.code})`;
      reject(
        new Error(
          `Port ${port} for the ${part} ${reason}: stop what holds it or set ${variable} to another port`,
        ),
      );
    });
    server.listen(port, host, () => server.close(() => resolve()));
  });
}
