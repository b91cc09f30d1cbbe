import { randomBytes } from "node:crypto";
import { addDays, type FarmerRegistration, ONE_GOLD, type SubmitInvoiceRequest } from "@farm/core";

/** A real 1x1 PNG. */
export const pngBytes = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  "base64",
);

/** A PDF header followed by filler up to `size` bytes: file-type recognises it by its bytes. */
export function pdfBytes(size = 2048): Buffer {
  const head = Buffer.from("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", "latin1");
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

/** A JFIF JPEG header followed by filler up to `size` bytes. */
export function jpegBytes(size = 2048): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

let nikCounter = 0;

/** A valid registration; each call gets a distinct NIK so leaks of one are attributable. */
export function registrationProfile(
  overrides: Partial<FarmerRegistration["personal"]> = {},
): FarmerRegistration {
  nikCounter += 1;
  return {
    personal: {
      fullName: "Siti Rahayu",
      nik: `3201${String(Date.now()).slice(-8)}${String(nikCounter).padStart(4, "0")}`,
      email: "siti@example.id",
      phone: "+6281234567890",
      dateOfBirth: "1985-04-12",
      address: {
        street: "Jl. Raya Cianjur No. 12",
        province: "Jawa Barat",
        city: "Cianjur",
        district: "Cugenang",
        postalCode: "43252",
      },
      ...overrides,
    },
    business: {
      businessName: "Tani Makmur",
      businessType: "ud",
      npwp: "01.234.567.8-901.234",
      bankName: "BRI",
      bankAccountNumber: "002301000123507",
      bankAccountHolder: "Siti Rahayu",
      crops: ["rice", "chili"],
      landAreaHectares: 2.5,
      yearsFarming: 12,
    },
  };
}

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body with the fields first, then the files, in the given order. */
export function multipartBody(
  fields: Record<string, string>,
  files: FilePart[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----farm${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** The three documents of a valid registration. */
export function validDocuments(): FilePart[] {
  return [
    { name: "ktp", filename: "ktp.jpg", contentType: "image/jpeg", data: jpegBytes(50_000) },
    { name: "npwp", filename: "npwp.png", contentType: "image/png", data: pngBytes },
    {
      name: "bankStatement",
      filename: "statement.pdf",
      contentType: "application/pdf",
      data: pdfBytes(80_000),
    },
  ];
}

/**
 * A buyer's due date 120 days out (within dueDateProblem's window for any funding window), fixed when the suite loads
 * so two requests built in one test never differ by a midnight in between.
 */
export const buyerDueDate = addDays(new Date().toISOString().slice(0, 10), 120);

/** A valid invoice's terms (the `invoice` field of `POST /api/invoices`): 1,500 GOLD, 4 %, 60 days (within the fee cap). */
export function invoiceRequest(
  invoiceNumber: string,
  overrides: Partial<SubmitInvoiceRequest> = {},
): SubmitInvoiceRequest {
  return {
    invoiceNumber,
    buyerName: "PT Pangan Sejahtera",
    buyerContact: "finance@pangansejahtera.co.id",
    amount: (1500n * ONE_GOLD).toString(),
    yieldBps: 400,
    tenorDays: 60,
    fundingDays: 14,
    dueDate: buyerDueDate,
    description: "200 sacks of rice",
    ...overrides,
  };
}

/**
 * The multipart body of `POST /api/invoices`: field `invoice` (JSON) and the files given (by default the invoice
 * document as a PDF).
 */
export function invoiceForm(
  invoice: unknown,
  files: FilePart[] = [invoiceDocument()],
): { payload: Buffer; headers: Record<string, string> } {
  return multipartBody({ invoice: JSON.stringify(invoice) }, files);
}

/** The invoice itself as a PDF file part. */
export function invoiceDocument(data: Buffer = pdfBytes(20_000)): FilePart {
  return { name: "document", filename: "invoice.pdf", contentType: "application/pdf", data };
}

/** A proof of delivery as a JPEG photo file part. */
export function deliveryProof(data: Buffer = jpegBytes(30_000)): FilePart {
  return { name: "deliveryProof", filename: "delivery.jpg", contentType: "image/jpeg", data };
}

/** A complete production environment (every variable production requires). */
export const productionEnv = {
  NODE_ENV: "production",
  ENCRYPTION_KEY: "ab".repeat(32),
  DATABASE_URL: "postgres://farm@db:5432/farm",
  REDIS_URL: "redis://cache:6379",
  S3_ENDPOINT: "https://s3.example",
  S3_BUCKET: "documents",
  S3_ACCESS_KEY_ID: "id",
  S3_SECRET_ACCESS_KEY: "secret",
  RPC_URL: "https://sepolia.base.org",
  NETWORK: "base-sepolia",
  OPERATOR_PRIVATE_KEY: `0x${"12".repeat(32)}`,
  SIWE_ALLOWED_ORIGINS: "https://app.farm.example",
  PUBLIC_API_URL: "https://api.farm.example",
  RUPIAH_PER_GOLD: "16000",
  SMTP_URL: "smtp://mail.farm.example:587",
  NOTIFY_PORTAL_URL: "https://farmer.farm.example",
  NOTIFY_INVESTOR_URL: "https://app.farm.example",
};

/** A valid investor verification (the `verification` field of `POST /api/investors/verification`). */
export function investorVerification(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fullName: "Budi Santoso",
    nik: `3201${String(randomBytes(6).readUIntBE(0, 6) % 1_000_000_000_000).padStart(12, "0")}`,
    dateOfBirth: "1988-02-14",
    annualIncomeRupiah: "240000000",
    tier: "retail",
    ...overrides,
  };
}

/** The KTP of an investor verification: a JPEG. */
export const ktpFile = (data: Buffer = jpegBytes(40_000)): FilePart => ({
  name: "ktp",
  filename: "ktp.jpg",
  contentType: "image/jpeg",
  data,
});

/** The multipart body of an investor verification with its KTP. */
export const investorForm = (verification: Record<string, unknown>, files: FilePart[] = [ktpFile()]) =>
  multipartBody({ verification: JSON.stringify(verification) }, files);
