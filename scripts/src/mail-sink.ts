import { createServer, type Server } from "node:http";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "@farm/testkit";

export interface LocalMailSink {
  smtpUrl: string;
  /** What was received, for the seed and the journeys (also as JSON at `<webUrl>/messages.json`). */
  sink: SmtpSink;
  /** The page that lists what was sent. */
  webUrl: string;
  stop(): Promise<void>;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function page(sink: SmtpSink): string {
  const rows = [...sink.messages]
    .reverse()
    .map(
      (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p><b>To</b> ${escapeHtml(mail.to.join(", "))} · <b>Message-ID</b> ${escapeHtml(mail.messageId)} · ${new Date(mail.receivedAt).toISOString()}</p>
<p><b>List-Unsubscribe</b> ${escapeHtml(mail.headers.get("list-unsubscribe") ?? "none")}</p>
<pre>${escapeHtml(mail.text)}</pre></article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Farm mail (${sink.messages.length})</title>
<meta http-equiv="refresh" content="5"><style>body{font:14px system-ui;margin:2rem;max-width:60rem}
article{border-top:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap;background:#f6f6f6;padding:.5rem}</style>
</head><body><h1>Mail sent by the local stack (${sink.messages.length})</h1>${rows || "<p>Nothing sent yet.</p>"}</body></html>`;
}

/** The token of the latest confirmation link e-mailed to `to` for `invoiceNumber`, waiting up to 30 s for it. */
export async function buyerLinkToken(sink: SmtpSink, to: string, invoiceNumber: string): Promise<string> {
  const match = (mail: ReceivedMail) =>
    mail.to.includes(to.toLowerCase()) && mail.subject.includes(`invoice ${invoiceNumber} `);
  const mails = await sink.waitFor(1, match, 30_000);
  const token = /\/confirm\/([A-Za-z0-9_-]{43})/.exec(mails.at(-1)!.text)?.[1];
  if (!token) throw new Error(`no confirmation link in the mail to ${to} for ${invoiceNumber}`);
  return token;
}

/**
 * The local stack's SMTP server (a real one, from testkit) with a page to read what the backend sent. Port 0 picks
 * a free port.
 */
export async function startLocalMailSink(
  host: string,
  ports: { smtp: number; web: number },
): Promise<LocalMailSink> {
  const sink = await startSmtpSink({ host, port: ports.smtp });
  const server: Server = createServer((request, response) => {
    if (request.url === "/messages.json") {
      response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      response.end(
        JSON.stringify(
          sink.messages.map(({ to, subject, text, receivedAt }) => ({ to, subject, text, receivedAt })),
        ),
      );
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    response.end(page(sink));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(ports.web, host, () => resolve());
  });
  const address = server.address();
  const webPort = typeof address === "object" && address !== null ? address.port : ports.web;
  return {
    smtpUrl: sink.url,
    sink,
    webUrl: `http://${host}:${webPort}`,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sink.stop();
    },
  };
}
