/** Resolves when `port` can be bound on `host`; rejects with a message naming the part that wanted it. */
export declare function assertPortFree(
  host: string,
  port: number,
  part: string,
  variable: string,
): Promise<void>;
