import nodemailer from "nodemailer";

/** One message as the delivery worker hands it to SMTP. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Nodemailer over SMTP (`SMTP_URL`), pooled so a burst is not one connection per message. */
export function smtpMailer(smtpUrl: string, from: string, connections: number): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: connections,
    maxMessages: 1000,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 15_000,
    // Plain SMTP on a local sink offers no STARTTLS; a real server's certificate is still checked when offered.
    ignoreTLS: smtpUrl.startsWith("smtp://") && /@?(127\.0\.0\.1|localhost)[:/]/.test(smtpUrl),
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
        headers: mail.headers,
      });
    },
    close: () => transport.close(),
  };
}

/** The domain of the From address: Message-IDs are made in it. */
export function mailDomain(from: string): string {
  const match = /@([^>\s]+)/.exec(from);
  return match?.[1] ?? "farm.localhost";
}
