import type { Dictionaries } from "@farm/ui";

/**
 * Words of repaying an invoice (and of what the invoice form says the farmer will repay, and when) and of what it
 * ended with: a payment may be part of what is due, so only a payment that clears everything is "repaid"/"dilunasi"
 * (paid in full); a settled default says what was paid before it.
 */
export const repayWords: Dictionaries = {
  en: {
    "invoices.repay.due": "Still due",
    "invoices.repay.balance": "Your GOLD",
    "invoices.repay.soFar": "Repaid so far",
    "invoices.repay.amount": "Amount to pay",
    "invoices.repay.payAll": "Pay all that is due",
    "invoices.repay.payWallet": "Pay the GOLD this wallet holds",
    "invoices.repay.moreThanDue": "That is more than is due: at most {amount} GOLD.",
    "invoices.repay.button": "Repay from my wallet",
    "invoices.repay.buttonPart": "Pay this part from my wallet",
    "invoices.repay.repayStep": "Repay",
    "invoices.repay.payStep": "Pay part",
    "invoices.repay.check":
      "Repay invoice #{id} from this wallet; investors harvest once it is repaid in full.",
    "invoices.repay.checkPart":
      "Pay part of invoice #{id} from this wallet: {left} GOLD stays due after it, and past maturity a late fee keeps growing on what is unpaid. Investors harvest once it is repaid in full.",
    "invoices.repay.shortBy": "Your wallet is short of this amount by",
    "invoices.repay.topUp":
      "Send GOLD to this wallet ({address}) from another wallet or an exchange, or pay less; paying unlocks once it holds the amount to pay.",
    "invoices.repay.signing": "Sign the payment in your wallet…",
    "invoices.repay.done": "Repaid in full:",
    "invoices.repay.paidPart": "Paid:",
    "invoices.repay.principalAndFee": "Principal and fee unpaid",
    "invoices.repay.lateFee": "Late fee so far",
    "invoices.repay.lateFeeFixed": "Late fee fixed at the default",
    "invoices.repay.lateFeePerDay": "Each further day adds",
    "invoices.repay.lateFeeRule":
      "Past maturity a late fee grows each whole day at the invoice's daily rate on the principal and fee still unpaid (at most the principal): paying part lowers it.",
    "invoices.repay.defaultableFrom": "May be declared in default from {date}.",
    "invoices.check.fee": "Fee (the investors' yield)",
    "invoices.check.total": "Total to repay",
    "invoices.check.repayBy": "Repay by",
    "invoices.check.repayWindow":
      "{tenor} days after it is fully funded: {earliest} at the earliest, {latest} at the latest",
    "invoices.warning.repayBeforeBuyer":
      "If investors fund it at once, repayment falls due on {earliest}, before your buyer pays on {due}: you may have to repay before you are paid.",
    "invoices.warning.coveringTenor": "A term of {days} days would end on the buyer's due date.",
    "invoices.list.paidBeforeSettlement": "Paid before settlement",
    "invoices.list.leftUnpaid": "Principal and fee left unpaid",
    "confirm.repay.settled":
      "The invoice was not paid in full and its default is settled: it can no longer be paid here.",
  },
  id: {
    "invoices.repay.due": "Masih terutang",
    "invoices.repay.balance": "GOLD Anda",
    "invoices.repay.soFar": "Sudah dibayar",
    "invoices.repay.amount": "Jumlah yang dibayar",
    "invoices.repay.payAll": "Bayar seluruh yang terutang",
    "invoices.repay.payWallet": "Bayar sebesar GOLD di dompet ini",
    "invoices.repay.moreThanDue": "Itu lebih dari yang terutang: paling banyak {amount} GOLD.",
    "invoices.repay.button": "Lunasi dari dompet saya",
    "invoices.repay.buttonPart": "Bayar sebagian ini dari dompet saya",
    "invoices.repay.repayStep": "Lunasi",
    "invoices.repay.payStep": "Bayar sebagian",
    "invoices.repay.check": "Lunasi faktur #{id} dari dompet ini; investor memanen setelah lunas.",
    "invoices.repay.checkPart":
      "Bayar sebagian faktur #{id} dari dompet ini: {left} GOLD masih terutang sesudahnya, dan setelah jatuh tempo denda terus bertambah atas yang belum dibayar. Investor memanen setelah lunas.",
    "invoices.repay.shortBy": "Dompet Anda kurang dari jumlah ini sebesar",
    "invoices.repay.topUp":
      "Kirim GOLD ke dompet ini ({address}) dari dompet lain atau bursa, atau bayar lebih sedikit; pembayaran terbuka setelah saldo cukup.",
    "invoices.repay.signing": "Tanda tangani pembayaran di dompet Anda…",
    "invoices.repay.done": "Lunas, dibayar:",
    "invoices.repay.paidPart": "Dibayar:",
    "invoices.repay.principalAndFee": "Pokok dan biaya belum dibayar",
    "invoices.repay.lateFee": "Denda keterlambatan sejauh ini",
    "invoices.repay.lateFeeFixed": "Denda keterlambatan yang ditetapkan saat gagal bayar",
    "invoices.repay.lateFeePerDay": "Setiap hari berikutnya menambah",
    "invoices.repay.lateFeeRule":
      "Setelah jatuh tempo, denda bertambah setiap hari penuh dengan tarif harian faktur atas pokok dan biaya yang belum dibayar (paling banyak pokoknya): membayar sebagian menurunkannya.",
    "invoices.repay.defaultableFrom": "Dapat dinyatakan gagal bayar mulai {date}.",
    "invoices.check.fee": "Biaya (imbal hasil investor)",
    "invoices.check.total": "Total yang harus dilunasi",
    "invoices.check.repayBy": "Lunasi paling lambat",
    "invoices.check.repayWindow":
      "{tenor} hari setelah terdanai penuh: paling cepat {earliest}, paling lambat {latest}",
    "invoices.warning.repayBeforeBuyer":
      "Jika investor langsung mendanainya, pelunasan jatuh tempo pada {earliest}, sebelum pembeli Anda membayar pada {due}: Anda mungkin harus melunasi sebelum dibayar.",
    "invoices.warning.coveringTenor":
      "Jangka waktu {days} hari akan berakhir pada tanggal jatuh tempo pembeli.",
    "invoices.list.paidBeforeSettlement": "Dibayar sebelum penyelesaian",
    "invoices.list.leftUnpaid": "Pokok dan biaya yang tidak dibayar",
    "confirm.repay.settled":
      "Faktur ini tidak dibayar penuh dan gagal bayarnya sudah diselesaikan: faktur tidak dapat dibayar lagi di sini.",
  },
};
