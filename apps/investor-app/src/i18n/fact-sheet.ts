import type { Dictionaries } from "@farm/ui";

/** The fact sheet's words: its route brings them (wordPack), so the first pages carry none. */
export const factSheetWords: Dictionaries = {
  en: {
    "facts.title": "Fact sheet: seed #{id}",
    "facts.back": "Back to the shop",
    "facts.notFound": "No seed has this number.",
    "facts.farmer": "The farmer",
    "facts.farmerUnknown": "This wallet has no farm registered here.",
    "facts.farmerRecord": "Farmer's repayment record",
    "facts.buyer": "The buyer",
    "facts.buyerVerified":
      "Confirmed from {domain}; invoices to this buyer from other farmers count in its record.",
    "facts.buyerUnverified":
      "Not confirmed from a company domain: only this farmer's invoices to this name count in its record.",
    "facts.buyerFarmers": "Owes or owed {count} farmers here.",
    "facts.buyerRecord": "Repayment record of the invoices to this buyer (whoever paid them)",
    "facts.terms": "Terms",
    "facts.principal": "Principal",
    "facts.termYield": "Yield for the term",
    "facts.dailyRate": "Daily rate",
    "facts.annual": "Annual equivalent",
    "facts.tenor": "Term",
    "facts.maturity": "Maturity",
    "facts.maturityAfterFunding": "{days} days after it is fully funded",
    "facts.grace": "Grace after maturity",
    "facts.graceFixedAtFunding": "fixed on chain when funded",
    "facts.deadline": "Funding closes",
    "facts.late": "If the farmer pays late",
    "facts.lateText":
      "After maturity the invoice is in grace for the days above; the farmer or the buyer may still repay in full and holders then harvest principal and yield. The repayment record shows how late it was.",
    "facts.default": "If the farmer does not pay",
    "facts.defaultText":
      "After the grace days an admin may declare a default. Payments still come in as recoveries until the recovery window closes; then holders claim their share of what was recovered, and the rest is lost.",
    "facts.platformRecovery":
      "On this platform so far: {recovered} recovered of {defaulted} defaulted principal; {lost} lost.",
    "facts.risk": "Risk",
    "facts.riskText":
      "Funding an invoice is lending, not saving: you can lose part or all of the principal if the farmer and the buyer do not pay. Past records do not promise future repayment. Amounts are in GOLD; Rupiah figures are at the deployment's rate and only a guide.",
    "facts.platformRecord": "Platform's repayment record",
  },
  id: {
    "facts.title": "Lembar fakta: benih #{id}",
    "facts.back": "Kembali ke toko",
    "facts.notFound": "Tidak ada benih dengan nomor ini.",
    "facts.farmer": "Petani",
    "facts.farmerUnknown": "Dompet ini tidak memiliki usaha tani yang terdaftar di sini.",
    "facts.farmerRecord": "Rekam jejak pelunasan petani",
    "facts.buyer": "Pembeli",
    "facts.buyerVerified":
      "Dikonfirmasi dari {domain}; faktur untuk pembeli ini dari petani lain ikut dihitung.",
    "facts.buyerUnverified":
      "Belum dikonfirmasi dari domain perusahaan: hanya faktur petani ini untuk nama ini yang dihitung.",
    "facts.buyerFarmers": "Berutang atau pernah berutang kepada {count} petani di sini.",
    "facts.buyerRecord": "Rekam jejak pelunasan faktur kepada pembeli ini (siapa pun yang membayarnya)",
    "facts.terms": "Ketentuan",
    "facts.principal": "Pokok",
    "facts.termYield": "Imbal hasil untuk jangka waktu",
    "facts.dailyRate": "Tarif harian",
    "facts.annual": "Setara tahunan",
    "facts.tenor": "Jangka waktu",
    "facts.maturity": "Jatuh tempo",
    "facts.maturityAfterFunding": "{days} hari setelah terdanai penuh",
    "facts.grace": "Masa tenggang setelah jatuh tempo",
    "facts.graceFixedAtFunding": "ditetapkan di rantai saat terdanai",
    "facts.deadline": "Pendanaan ditutup",
    "facts.late": "Jika petani terlambat membayar",
    "facts.lateText":
      "Setelah jatuh tempo faktur berada dalam masa tenggang selama hari di atas; petani atau pembeli masih dapat melunasi penuh dan pemegang lalu memanen pokok dan imbal hasil. Rekam jejak menunjukkan berapa lama terlambatnya.",
    "facts.default": "Jika petani tidak membayar",
    "facts.defaultText":
      "Setelah masa tenggang admin dapat menyatakan gagal bayar. Pembayaran masih diterima sebagai pemulihan sampai jendela pemulihan ditutup; lalu pemegang mengklaim bagiannya dari yang dipulihkan, dan sisanya hilang.",
    "facts.platformRecovery":
      "Di platform ini sejauh ini: {recovered} dipulihkan dari {defaulted} pokok gagal bayar; {lost} hilang.",
    "facts.risk": "Risiko",
    "facts.riskText":
      "Mendanai faktur adalah meminjamkan, bukan menabung: Anda dapat kehilangan sebagian atau seluruh pokok jika petani dan pembeli tidak membayar. Rekam jejak masa lalu tidak menjanjikan pelunasan di masa depan. Jumlah dalam GOLD; angka Rupiah memakai kurs deployment dan hanya panduan.",
    "facts.platformRecord": "Rekam jejak pelunasan platform",
  },
};
