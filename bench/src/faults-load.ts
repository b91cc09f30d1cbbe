/** The faults benchmark's load: a multipart invoice form, timed calls, 20 mixed clients and their figures. */
import { randomBytes, randomUUID } from "node:crypto";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function invoiceForm(invoiceNumber: string): { body: Buffer; contentType: string } {
  const boundary = `----faults${randomBytes(8).toString("hex")}`;
  const invoice = {
    invoiceNumber,
    buyerName: "PT Pangan Sejahtera",
    buyerContact: "finance@pangansejahtera.co.id",
    amount: "1500000000000000000000",
    // Within the fee cap (0.067 % a day: at most 402 bps over 60 days).
    yieldBps: 400,
    tenorDays: 60,
    fundingDays: 14,
    dueDate: new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10),
    description: "rice",
  };
  const pdf = Buffer.concat([
    Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"),
    randomBytes(4_000),
  ]);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="invoice"\r\n\r\n${JSON.stringify(invoice)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="invoice.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

// --- the load ----------------------------------------------------------------------------------------------------
export interface Sample {
  at: number;
  status: number;
  ms: number;
  kind?: string;
}

/** Calls against one API, and the mixed load of `clients` clients that signed in as `users`. */
export function faultLoad(apiUrl: string, clients: number) {
  async function call(path: string, init: RequestInit = {}): Promise<{ status: number; ms: number }> {
    const started = performance.now();
    try {
      const reply = await fetch(`${apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
      await reply.arrayBuffer();
      return { status: reply.status, ms: performance.now() - started };
    } catch {
      // No answer at all (connection refused, reset or timed out) counts as status 0.
      return { status: 0, ms: performance.now() - started };
    }
  }

  const submit = (cookie: string, invoiceNumber: string, key: string) => {
    const form = invoiceForm(invoiceNumber);
    return call("/api/invoices", {
      method: "POST",
      headers: { cookie, "content-type": form.contentType, "idempotency-key": key },
      body: form.body,
    });
  };

  function startLoad(users: { cookie: string }[]) {
    const samples: Sample[] = [];
    let running = true;
    let counter = 0;
    const client = async (index: number) => {
      const { cookie } = users[index % users.length]!;
      while (running) {
        counter += 1;
        const pick = counter % 10;
        const at = performance.now();
        const kind = [
          "list",
          "list",
          "list",
          "list",
          "session",
          "session",
          "profile",
          "profile",
          "rename",
          "submit",
        ][pick]!;
        const answer =
          pick < 4
            ? await call("/api/invoices?limit=20")
            : pick < 6
              ? await call("/api/auth/session", { headers: { cookie } })
              : pick < 8
                ? await call("/api/user/profile", { headers: { cookie } })
                : pick < 9
                  ? await call("/api/user/profile", {
                      method: "PATCH",
                      headers: { cookie, "content-type": "application/json" },
                      body: JSON.stringify({ avatar: "sprout" }),
                    })
                  : await submit(cookie, `LOAD-${randomUUID()}`, `load-${randomUUID()}`);
        samples.push({ at, kind, ...answer });
      }
    };
    const workers = Array.from({ length: clients }, (_, index) => client(index));
    return {
      samples,
      async stop() {
        running = false;
        await Promise.all(workers);
      },
    };
  }
  return { call, submit, startLoad };
}

export const p99 = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
};
export const byStatus = (samples: Sample[]) => {
  const counts: Record<string, number> = {};
  for (const sample of samples) counts[sample.status] = (counts[sample.status] ?? 0) + 1;
  return counts;
};

/** Milliseconds from `since` until `probe` first answers a success (2xx). */
export async function firstSuccess(probe: () => Promise<{ status: number }>, since: number): Promise<number> {
  for (;;) {
    const { status } = await probe();
    if (status >= 200 && status < 300) return performance.now() - since;
    if (performance.now() - since > 30_000) return Number.POSITIVE_INFINITY;
    await sleep(20);
  }
}
