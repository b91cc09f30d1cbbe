import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { outageOf } from "../errors/dependency";
import { NotificationDelivery } from "./delivery";
import { smtpMailer } from "./mailer";
import { scanDateReminders } from "./reminders";

export interface NotificationsRuntime {
  delivery: NotificationDelivery;
  /** Runs the date scan now on the chain's clock; null when the chain's time cannot be read. */
  scanNow(): Promise<number | null>;
}

declare module "fastify" {
  interface FastifyInstance {
    notifications: NotificationsRuntime;
  }
}

/**
 * E-mail delivery of the outbox and the date scan, both on every instance with NOTIFY_WORKER (claims keep instances
 * from sending the same message; reminders are idempotent). Without SMTP (or with NOTIFY_EMAIL=false) messages are
 * marked skipped and live on in the inbox.
 */
export const notificationsPlugin = fp(async (app: FastifyInstance) => {
  const settings = app.config.notifications;
  const mailer =
    settings.email && settings.smtpUrl
      ? smtpMailer(settings.smtpUrl, settings.mailFrom, settings.concurrency)
      : null;
  const reportFailure = (what: string) => (error: unknown) => {
    const outage = outageOf(error);
    if (outage) app.outages.failed(outage.dependency, outage.code);
    else app.log.warn({ err: error }, `${what} failed`);
  };
  const delivery = new NotificationDelivery(
    app.db,
    app.config,
    mailer,
    app.log,
    reportFailure("notification delivery pass"),
  );
  const scanNow = async (): Promise<number | null> => {
    if (app.contracts === null) return null;
    // Only the chain's own time: a server clock standing in would send a reminder the chain does not agree with.
    const block = await app.chain.publicClient.getBlock({ blockTag: "latest" }).catch(() => null);
    if (block === null) return null;
    return scanDateReminders(app.db, new Date(Number(block.timestamp) * 1000), app.config.adminAddresses);
  };
  app.decorate("notifications", { delivery, scanNow });
  let scanTimer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    if (!settings.worker) return;
    delivery.start();
    scanTimer = setInterval(() => {
      scanNow().catch(reportFailure("notification date scan"));
    }, settings.scanIntervalMs);
    scanTimer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(scanTimer);
    await delivery.stop();
    mailer?.close();
  });
});
