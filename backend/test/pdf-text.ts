import { inflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";

/**
 * The text a PDF's pages draw: pdf-lib writes each run as a hex string shown with Tj, in Flate-compressed streams.
 * Each stream's bytes come from the parsed document (its /Length), never from searching for `endstream`: compressed
 * bytes that happened to end in a carriage return were cut by such a search one time in 256, and the text was lost.
 */
export async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const raw = Buffer.from(object.contents);
    const body = (
      object.dict.get(PDFName.of("Filter")) === PDFName.of("FlateDecode") ? inflateSync(raw) : raw
    ).toString("latin1");
    for (const run of body.matchAll(/<([0-9A-Fa-f]+)> Tj/g))
      texts.push(Buffer.from(run[1] ?? "", "hex").toString("latin1"));
  }
  return `${doc.getPageCount()} pages\n${texts.join("\n")}`;
}
