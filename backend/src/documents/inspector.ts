import { createHash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { payloadTooLarge, unsupportedMediaType } from "../errors";

/** file-type's recommended sample size: enough bytes to recognise every format it knows. */
const sniffBytes = 4100;

/** What a kind of document may be: types recognised from its bytes, and its largest size. */
export interface DocumentRule {
  mimeTypes: readonly string[];
  maxBytes: number;
}

/**
 * Passes an uploaded document through while checking it: its type from the first bytes (never the file name),
 * its size against the kind's limit, and its SHA-256. Fails the stream with 415 or 413 as soon as a rule breaks.
 * Used for KYC documents and invoice evidence alike.
 */
export class DocumentInspector extends Transform {
  private readonly hash = createHash("sha256");
  private head: Buffer[] = [];
  private headLength = 0;
  private sniffed = false;
  sizeBytes = 0;
  contentType: string | undefined;

  constructor(
    readonly kind: string,
    private readonly rule: DocumentRule,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.sizeBytes += chunk.length;
    const { maxBytes } = this.rule;
    if (this.sizeBytes > maxBytes) {
      callback(
        payloadTooLarge(`${this.kind} is larger than ${maxBytes / 1024 / 1024} MB`, {
          kind: this.kind,
          maxBytes,
        }),
      );
      return;
    }
    this.hash.update(chunk);
    if (this.sniffed) {
      callback(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < sniffBytes) {
      callback();
      return;
    }
    this.sniff().then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.sniffed) callback();
    else this.sniff().then(() => callback(), callback);
  }

  private async sniff(): Promise<void> {
    this.sniffed = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    const detected = await fileTypeFromBuffer(head);
    const allowed = this.rule.mimeTypes;
    if (detected === undefined || !allowed.includes(detected.mime)) {
      throw unsupportedMediaType(
        `${this.kind} must be ${allowed.join(", ")}; the file is ${detected?.mime ?? "of an unknown type"}`,
        {
          kind: this.kind,
          detected: detected?.mime ?? null,
          allowed,
        },
      );
    }
    this.contentType = detected.mime;
    this.push(head);
  }

  /** Hex SHA-256 of everything that passed; read once, after the stream ended. */
  digest(): string {
    return this.hash.digest("hex");
  }
}
