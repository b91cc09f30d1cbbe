import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One message the sink received, as a reader of the mailbox would see it. */
export interface ReceivedMail {
  messageId: string;
  to: string[];
  from: string;
  subject: string;
  text: string;
  headers: Map<string, string>;
  receivedAt: number;
}

export interface SmtpSink {
  port: number;
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Everything received, in order. */
  readonly messages: ReceivedMail[];
  /** Waits until `count` messages match (default every message), or throws after `timeoutMs`. */
  waitFor(
    count: number,
    match?: (mail: ReceivedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server, no auth, no TLS) that keeps what it receives in memory: tests and
 * the local stack read delivered messages from it, never from a mock.
 */
export async function startSmtpSink(
  options: {
    port?: number;
    host?: string /** Wait this long before accepting each message (a slow server). */;
    delayMs?: number;
  } = {},
): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          const headers = new Map<string, string>();
          for (const line of parsed.headerLines)
            headers.set(line.key, line.line.slice(line.key.length + 1).trim());
          const to = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
          messages.push({
            messageId: parsed.messageId ?? "",
            to: to.flatMap((group) => group.value.map((entry) => entry.address ?? "")),
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            headers,
            receivedAt: Date.now(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // A client's socket error (ECONNRESET when a test kills the sending process) is emitted on the server: a sink
  // has nothing to do about it, and unheard it would be an uncaught exception that fails the whole run.
  server.on("error", () => {});
  const address = server.server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    port,
    url: `smtp://${host}:${port}`,
    messages,
    async waitFor(count, match = () => true, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(
            `expected ${count} messages, received ${found.length} matching of ${messages.length}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
