import type { RefusedItems } from "./api/farmers";
import type { DocumentKind, FarmerField } from "./farmer-constants";
import type { NotificationLanguage } from "./notifications/kind";

/**
 * What the registration calls each KYC document and field, in both languages: written once here for the portal's
 * form, its status page ("Ditolak: Kartu NPWP, …") and the rejection notice that names what was refused.
 */
export const farmerItemWords: Record<
  NotificationLanguage,
  { documents: Record<DocumentKind, string>; fields: Record<FarmerField, string> }
> = {
  en: {
    documents: { ktp: "KTP (identity card)", npwp: "NPWP card", bankStatement: "Bank statement" },
    fields: {
      fullName: "Full name (as on your KTP)",
      nik: "NIK",
      email: "Email",
      phone: "Mobile number",
      dateOfBirth: "Date of birth",
      street: "Street address",
      province: "Province",
      city: "City or regency",
      district: "District (kecamatan)",
      postalCode: "Postal code",
      businessName: "Business or farm name",
      businessType: "Type of business",
      npwp: "NPWP number",
      bankName: "Bank",
      bankAccountNumber: "Bank account number",
      bankAccountHolder: "Account holder name",
      crops: "Crops you grow",
      landAreaHectares: "Land area (hectares)",
      yearsFarming: "Years of farming",
    },
  },
  id: {
    documents: { ktp: "KTP", npwp: "Kartu NPWP", bankStatement: "Rekening koran" },
    fields: {
      fullName: "Nama lengkap (sesuai KTP)",
      nik: "NIK",
      email: "Email",
      phone: "Nomor HP",
      dateOfBirth: "Tanggal lahir",
      street: "Alamat jalan",
      province: "Provinsi",
      city: "Kota atau kabupaten",
      district: "Kecamatan",
      postalCode: "Kode pos",
      businessName: "Nama usaha atau lahan",
      businessType: "Jenis usaha",
      npwp: "Nomor NPWP",
      bankName: "Bank",
      bankAccountNumber: "Nomor rekening",
      bankAccountHolder: "Nama pemilik rekening",
      crops: "Tanaman yang Anda tanam",
      landAreaHectares: "Luas lahan (hektare)",
      yearsFarming: "Lama bertani (tahun)",
    },
  },
};

/** Refused items as a notification stores them, documents first: "document.npwp,field.landAreaHectares". */
export function refusedItemsParam(refused: RefusedItems | null): string {
  if (!refused) return "";
  return [
    ...refused.documents.map((kind) => `document.${kind}`),
    ...refused.fields.map((field) => `field.${field}`),
  ].join(",");
}

/** A stored `refusedItemsParam` in the reader's words ("Kartu NPWP, Luas lahan (hektare)"); unknown items as stored. */
export function refusedItemsShown(param: string, language: NotificationLanguage): string {
  const words = farmerItemWords[language];
  const named = (item: string): string => {
    const [group, name = ""] = item.split(".");
    const names: Readonly<Record<string, string>> = group === "document" ? words.documents : words.fields;
    return (group === "document" || group === "field") && Object.hasOwn(names, name) ? names[name]! : item;
  };
  return param
    .split(",")
    .filter((item) => item !== "")
    .map(named)
    .join(", ");
}
