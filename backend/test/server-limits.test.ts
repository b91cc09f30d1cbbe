import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { randomAccount, signIn, startTestApp, type TestApp } from "./helpers";

/** A raw keep-alive connection: what was received so far, and whether the server closed it. */
async function openConnection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const state = { received: "", closed: false, writeFailed: false };
  socket.on("data", (chunk: Buffer) => {
    state.received += chunk.toString("latin1");
  });
  socket.on("close", () => {
    state.closed = true;
  });
  socket.on("error", () => {
    state.writeFailed = true;
  });
  /** Writes, waiting for the socket to take each chunk; false once the connection is gone. */
  const write = async (data: string | Buffer) => {
    if (state.closed || socket.destroyed) return false;
    if (!socket.write(data))
      await new Promise<void>((resolve) => {
        socket.once("drain", resolve);
        socket.once("close", resolve);
      });
    return !state.closed;
  };
  const waitFor = async (check: () => boolean, limitMs = 10_000) => {
    const started = Date.now();
    while (!check()) {
      if (Date.now() - started > limitMs) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  };
  return { socket, state, write, waitFor };
}

const statusLines = (text: string) =>
  [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));

/** A multipart registration whose KTP is `fileBytes` long (a PDF by its first bytes): over the 5 MB KTP limit. */
function oversizedRegistration(fileBytes: number, cookie: string) {
  const boundary = "----farm-test-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="ktp"; filename="ktp.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fileBytes + tail.length;
  const headers =
    `POST /api/farmers/register HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`;
  return { headers, head, fileBytes, tail };
}

async function sendRegistration(
  connection: Awaited<ReturnType<typeof openConnection>>,
  upload: ReturnType<typeof oversizedRegistration>,
) {
  await connection.write(upload.headers);
  await connection.write(upload.head);
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  for (let sent = 0; sent < upload.fileBytes; sent += chunk.length) {
    if (!(await connection.write(chunk.subarray(0, Math.min(chunk.length, upload.fileBytes - sent))))) return;
  }
  await connection.write(upload.tail);
}

describe("HTTP server limits", { timeout: 60_000 }, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function listening(env: Record<string, string>) {
    t = await startTestApp({ env });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    return { port: address.port, cookie: await signIn(t.app, randomAccount()) };
  }

  it("drains a refused (413) upload so the next request on the same keep-alive connection is answered", async () => {
    const { port, cookie } = await listening({ UPLOAD_DRAIN_LIMIT_BYTES: String(8 * 1024 * 1024) });
    const connection = await openConnection(port);
    await sendRegistration(connection, oversizedRegistration(6 * 1024 * 1024, cookie));
    await connection.write("GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(await connection.waitFor(() => statusLines(connection.state.received).length >= 2)).toBe(true);
    expect(statusLines(connection.state.received)).toEqual([413, 200]);
    expect(connection.state.received).toContain('"code":"PAYLOAD_TOO_LARGE"');
    connection.socket.destroy();
  });

  it("closes the connection of a refused upload whose rest is above the drain limit, after answering 413", async () => {
    const { port, cookie } = await listening({ UPLOAD_DRAIN_LIMIT_BYTES: String(256 * 1024) });
    const connection = await openConnection(port);
    await sendRegistration(connection, oversizedRegistration(9 * 1024 * 1024, cookie));
    expect(await connection.waitFor(() => connection.state.closed)).toBe(true);
    expect(statusLines(connection.state.received)[0]).toBe(413);
  });

  it("closes a connection that trickles its headers past the headers timeout, and an idle keep-alive one", async () => {
    const { port } = await listening({
      SERVER_HEADERS_TIMEOUT_MS: "1000",
      SERVER_KEEP_ALIVE_TIMEOUT_MS: "500",
    });
    const slow = await openConnection(port);
    const started = Date.now();
    const request = "GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
    let index = 0;
    while (!slow.state.closed && Date.now() - started < 15_000) {
      await slow.write(request[index % request.length] ?? "a");
      index += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(slow.state.closed).toBe(true);
    // 1 s allowed for the headers, checked every second; generous for a loaded CI machine.
    expect(Date.now() - started).toBeLessThan(8_000);

    const idle = await openConnection(port);
    await idle.write("GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(await idle.waitFor(() => statusLines(idle.state.received).length === 1)).toBe(true);
    const answered = Date.now();
    expect(await idle.waitFor(() => idle.state.closed, 6_000)).toBe(true);
    expect(Date.now() - answered).toBeLessThan(4_000);
  });
});
