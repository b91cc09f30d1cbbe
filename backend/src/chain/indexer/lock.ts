import pg from "pg";

/** Leadership of the indexer: only the holder applies blocks. */
export interface IndexerLock {
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * A PostgreSQL session advisory lock on its own connection: held as long as that connection lives, so a crashed
 * instance frees it and another takes over at its next poll.
 */
export class PostgresAdvisoryLock implements IndexerLock {
  private client: pg.Client | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly key: number,
  ) {}

  async tryAcquire(): Promise<boolean> {
    if (this.client) return true;
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on("error", () => {
      // A lost connection loses the lock; the next poll tries to take it again.
      this.client = null;
    });
    let locked: boolean;
    try {
      await client.connect();
      const result = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
        this.key,
      ]);
      locked = result.rows[0]?.locked === true;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (locked) {
      this.client = client;
      return true;
    }
    await client.end();
    return false;
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    try {
      await client.query("select pg_advisory_unlock($1)", [this.key]);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

const heldInProcess = new WeakSet<object>();

/** PGlite lives inside one process, so a lock on the database object within the process is the whole story there. */
export class ProcessLock implements IndexerLock {
  private held = false;

  constructor(private readonly database: object) {}

  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    if (heldInProcess.has(this.database)) return false;
    heldInProcess.add(this.database);
    this.held = true;
    return true;
  }

  async release(): Promise<void> {
    if (!this.held) return;
    heldInProcess.delete(this.database);
    this.held = false;
  }
}
