import { inflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";

/** The text a PDF's pages draw: pdf-lib writes each run as a hex string shown with Tj, in Flate-compressed streams. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const raw = bytes.toString("latin1");
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(match[1] ?? "", "latin1")).toString("latin1");
    } catch {
      body = match[1] ?? "";
    }
    for (const run of body.matchAll(/<([0-9A-Fa-f]+)> Tj/g))
      texts.push(Buffer.from(run[1] ?? "", "hex").toString("latin1"));
  }
  return `${doc.getPageCount()} pages\n${texts.join("\n")}`;
}
