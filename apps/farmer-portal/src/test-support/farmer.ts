import type { Farmer } from "@farm/core";

/** A registration waiting for the admins' review, as `GET /api/admin/farmers` lists it. */
export const pendingFarmer = {
  id: "5f0c8a0e-2a3b-4c5d-8e9f-0a1b2c3d4e5f",
  walletAddress: "0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199",
  status: "pending_review",
  personal: {
    fullName: "Siti Rahayu",
    nik: "3201012345678901",
    email: "siti@example.com",
    phone: "+6281234567890",
    dateOfBirth: "1985-04-12",
    address: {
      street: "Jalan 1",
      province: "Jawa Barat",
      city: "Bandung",
      district: "Ciparay",
      postalCode: "40381",
    },
  },
  business: {
    businessName: "Tani Makmur",
    businessType: "cooperative",
    npwp: "012345678901000",
    bankName: "BRI",
    bankAccountNumber: "0123456789012",
    bankAccountHolder: "Tani Makmur",
    crops: ["rice"],
    landAreaHectares: 12.5,
    yearsFarming: 1,
  },
  documents: [],
  rejectionReason: null,
  refused: null,
  submittedAt: "2026-11-20T10:00:00.000Z",
  reviewedAt: null,
} satisfies Farmer;
