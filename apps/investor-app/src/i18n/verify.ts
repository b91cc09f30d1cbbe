import { type Dictionaries, type Dictionary, wordPack } from "@farm/ui";

/** Words of investor verification, the limit and the buy panel's lock: loaded with /verify and the buy panel. */
export const verifyEn: Dictionary = {
  "verify.title": "Verify your identity",
  "verify.intro":
    "Lending platforms in Indonesia know who their lenders are and limit what each may lend. Verify once to buy seeds: an admin checks your details, usually within a working day.",
  "verify.field.fullName": "Full name (as on your KTP)",
  "verify.field.nik": "NIK",
  "verify.hint.nik": "The 16 digits on your KTP.",
  "verify.nikCount": "{typed} of 16 digits",
  "verify.field.dateOfBirth": "Date of birth",
  "verify.hint.dateOfBirth": "You must be 18 or older.",
  "verify.field.income": "Declared annual income (Rupiah)",
  "verify.hint.income": "Your income for a year, for example {example}.",
  "verify.incomeExample": "120,000,000",
  "verify.field.tier": "Kind of lender",
  "verify.tier.retail": "Retail lender",
  "verify.tier.retailExplain": "Up to {percent} % of your annual income may be lent out at any time.",
  "verify.tier.professional": "Professional lender",
  "verify.tier.professionalExplain":
    "Up to {percent} % of your annual income, for people whose work is in finance or who invest professionally.",
  "verify.field.reason": "Why you are a professional lender",
  "verify.hint.reason": "20 to 500 characters: your profession, licence or experience.",
  "verify.field.ktp": "Photo or scan of your KTP",
  "verify.hint.ktp": "JPEG, PNG or PDF, at most {mb} MB.",
  "verify.limitPreview":
    "This gives a limit of {gold} GOLD ({rupiah}): {percent} % of {income}, the most you may have lent out at any time.",
  "verify.error.fullName.missing": "Please write your full name as on your KTP.",
  "verify.error.fullName.tooLong": "The name is too long: at most 120 characters.",
  "verify.error.nik.notDigits": "The NIK has digits only.",
  "verify.error.nik.length": "The NIK has exactly 16 digits ({typed} typed).",
  "verify.error.dateOfBirth.missing": "Please enter your date of birth.",
  "verify.error.dateOfBirth.underage": "You must be 18 or older to lend on the platform.",
  "verify.error.dateOfBirth.future": "The date of birth cannot be in the future.",
  "verify.error.dateOfBirth.tooOld": "Please check the year of birth.",
  "verify.error.income.empty": "Please enter your annual income in Rupiah.",
  "verify.error.income.zero": "The income must be more than Rp0.",
  "verify.error.income.notANumber": "Write the income in Rupiah with digits, for example {example}.",
  "verify.error.income.wrongSeparators":
    'Write the income with "," between thousands, for example {example}.',
  "verify.error.income.negative": "The income cannot be negative.",
  "verify.error.income.notWhole": "Write whole Rupiah, without decimals, for example {example}.",
  "verify.error.income.tooLarge": "Please check the income: it is larger than any we can accept.",
  "verify.error.reason.missing": "Professional lenders say why they qualify.",
  "verify.error.reason.tooShort": "Please write at least 20 characters ({typed} so far).",
  "verify.error.reason.tooLong": "At most 500 characters ({typed} written).",
  "verify.submit": "Send for verification",
  "verify.sending": "Sending… {percent} %",
  "verify.status.title": "Your verification",
  "verify.status.none": "You are not verified yet.",
  "verify.status.pending":
    "Sent on {date}: an admin is checking your details. You can buy once it is approved.",
  "verify.status.approved": "Verified ({tier}) until {date}.",
  "verify.status.rejected": "Your verification was refused: {reason}",
  "verify.status.rejectedNext": "Correct what the reason says and send the form again below.",
  "verify.status.expired": "Your verification ended on {date}. Verify again below to keep buying.",
  "verify.status.frozen":
    "Your wallet is frozen: it cannot buy, send or receive shares. Harvests and refunds still work. Contact support to find out why.",
  "verify.limit.limit": "Limit",
  "verify.limit.used": "Lent out now",
  "verify.limit.left": "Left to lend",
  "document.ktp": "KTP",
  "api.NIK_ALREADY_VERIFIED":
    "This NIK is already verified (or being checked) for another wallet. One NIK has one wallet: if you lost that wallet, contact support to move the verification to this one.",
  "api.VERIFICATION_PENDING": "Your verification is already being checked: wait for the admin's answer.",
  "api.WALLET_ALREADY_VERIFIED": "This wallet is already verified.",
  "api.VERIFICATION_INVALID": "Some details were refused: check each field and send again.",
  "api.RISK_STATEMENT_OUTDATED":
    "The risk statement has changed: reload the page, read it again and accept it.",
  "risk.title": "Before you lend: the risks",
  "risk.version": "Risk statement, version {version}",
  "risk.creditRisk":
    "You lend to farmers' businesses. If a farmer or its buyer does not pay, you can lose part or all of what you lent: you bear this credit risk.",
  "risk.noGuarantee":
    "The yield shown is what the farmer agreed to pay, not a promise: returns are not guaranteed, and past results of a farmer say nothing certain about the next invoice.",
  "risk.notABank":
    "Farm is not a bank. Money lent here is not a deposit and is not covered by the deposit insurance agency (LPS); no state authority guarantees it or is responsible for its repayment.",
  "risk.late":
    "If a farmer pays late, your money comes back later than the maturity shown; a late fee accrues at the invoice's daily rate, and you receive it only if it is paid.",
  "risk.default":
    "If an invoice is not paid within the grace period, it is declared in default. What the farmer still pays during the recovery window is shared among the holders; the rest is lost.",
  "risk.limit":
    "Lend only what you can afford to lose, and spread it over several farmers. Your limit caps what you may have lent out at once.",
  "risk.agreement":
    "Each purchase is a civil agreement between you and the farmer; the platform records it on the blockchain and collects the repayment for you.",
  "risk.accept": "I have read and accept these risks",
  "risk.accepting": "Recording your acceptance…",
  "risk.accepted": "You accepted version {version} of the risk statement on {date}.",
  "risk.changed":
    "The risk statement has changed since you accepted it: read it again and accept it to keep buying.",
  "lock.unverified": "Buying needs a verified wallet.",
  "lock.pending": "Your verification is being checked: you can buy once it is approved.",
  "lock.rejected": "Your verification was refused: see why and send it again.",
  "lock.expired": "Your verification has expired: verify again to buy.",
  "lock.frozen": "Your wallet is frozen and cannot buy. Contact support.",
  "lock.riskStatement": "Read and accept the risk statement before your first purchase.",
  "lock.toVerify": "Go to verification",
  "lock.full": "You have reached your limit: nothing is left to lend until a crop is harvested or refunded.",
  "lock.aboveLimit": "Above your limit: you can lend at most {amount} GOLD more (limit {limit} GOLD).",
};

export const verifyId: Dictionary = {
  "verify.title": "Verifikasi identitas Anda",
  "verify.intro":
    "Platform pendanaan di Indonesia mengenal para pemberi dananya dan membatasi jumlah yang boleh didanai masing-masing. Verifikasi sekali untuk membeli benih: admin memeriksa data Anda, biasanya dalam satu hari kerja.",
  "verify.field.fullName": "Nama lengkap (sesuai KTP)",
  "verify.field.nik": "NIK",
  "verify.hint.nik": "16 digit pada KTP Anda.",
  "verify.nikCount": "{typed} dari 16 digit",
  "verify.field.dateOfBirth": "Tanggal lahir",
  "verify.hint.dateOfBirth": "Anda harus berusia 18 tahun atau lebih.",
  "verify.field.income": "Penghasilan tahunan yang dinyatakan (Rupiah)",
  "verify.hint.income": "Penghasilan Anda setahun, contoh {example}.",
  "verify.incomeExample": "120.000.000",
  "verify.field.tier": "Jenis pemberi dana",
  "verify.tier.retail": "Pemberi dana ritel",
  "verify.tier.retailExplain":
    "Paling banyak {percent} % dari penghasilan tahunan Anda boleh didanakan sekaligus.",
  "verify.tier.professional": "Pemberi dana profesional",
  "verify.tier.professionalExplain":
    "Paling banyak {percent} % dari penghasilan tahunan Anda, untuk yang bekerja di bidang keuangan atau berinvestasi secara profesional.",
  "verify.field.reason": "Alasan Anda pemberi dana profesional",
  "verify.hint.reason": "20 sampai 500 karakter: profesi, izin atau pengalaman Anda.",
  "verify.field.ktp": "Foto atau pindaian KTP",
  "verify.hint.ktp": "JPEG, PNG atau PDF, maksimal {mb} MB.",
  "verify.limitPreview":
    "Ini memberi batas {gold} GOLD ({rupiah}): {percent} % dari {income}, jumlah terbanyak yang boleh Anda danakan sekaligus.",
  "verify.error.fullName.missing": "Tulis nama lengkap Anda sesuai KTP.",
  "verify.error.fullName.tooLong": "Nama terlalu panjang: maksimal 120 karakter.",
  "verify.error.nik.notDigits": "NIK hanya berisi angka.",
  "verify.error.nik.length": "NIK tepat 16 digit ({typed} diketik).",
  "verify.error.dateOfBirth.missing": "Masukkan tanggal lahir Anda.",
  "verify.error.dateOfBirth.underage":
    "Anda harus berusia 18 tahun atau lebih untuk mendanai di platform ini.",
  "verify.error.dateOfBirth.future": "Tanggal lahir tidak boleh di masa depan.",
  "verify.error.dateOfBirth.tooOld": "Periksa kembali tahun lahir Anda.",
  "verify.error.income.empty": "Masukkan penghasilan tahunan Anda dalam Rupiah.",
  "verify.error.income.zero": "Penghasilan harus lebih dari Rp0.",
  "verify.error.income.notANumber": "Tulis penghasilan dalam Rupiah dengan angka, contoh {example}.",
  "verify.error.income.wrongSeparators": 'Tulis penghasilan dengan "." di antara ribuan, contoh {example}.',
  "verify.error.income.negative": "Penghasilan tidak boleh negatif.",
  "verify.error.income.notWhole": "Tulis Rupiah utuh tanpa desimal, contoh {example}.",
  "verify.error.income.tooLarge": "Periksa kembali penghasilan Anda: terlalu besar untuk diterima.",
  "verify.error.reason.missing": "Pemberi dana profesional menjelaskan alasannya.",
  "verify.error.reason.tooShort": "Tulis paling sedikit 20 karakter ({typed} sejauh ini).",
  "verify.error.reason.tooLong": "Maksimal 500 karakter ({typed} ditulis).",
  "verify.submit": "Kirim untuk verifikasi",
  "verify.sending": "Mengirim… {percent} %",
  "verify.status.title": "Verifikasi Anda",
  "verify.status.none": "Anda belum terverifikasi.",
  "verify.status.pending":
    "Dikirim pada {date}: admin sedang memeriksa data Anda. Anda dapat membeli setelah disetujui.",
  "verify.status.approved": "Terverifikasi ({tier}) sampai {date}.",
  "verify.status.rejected": "Verifikasi Anda ditolak: {reason}",
  "verify.status.rejectedNext": "Perbaiki sesuai alasan tersebut dan kirim formulir lagi di bawah.",
  "verify.status.expired":
    "Verifikasi Anda berakhir pada {date}. Verifikasi ulang di bawah untuk tetap membeli.",
  "verify.status.frozen":
    "Dompet Anda dibekukan: tidak dapat membeli, mengirim atau menerima bagian. Panen dan pengembalian dana tetap berjalan. Hubungi layanan dukungan untuk mengetahui alasannya.",
  "verify.limit.limit": "Batas",
  "verify.limit.used": "Sedang didanakan",
  "verify.limit.left": "Sisa yang dapat didanakan",
  "document.ktp": "KTP",
  "api.NIK_ALREADY_VERIFIED":
    "NIK ini sudah terverifikasi (atau sedang diperiksa) untuk dompet lain. Satu NIK untuk satu dompet: jika Anda kehilangan dompet itu, hubungi layanan dukungan untuk memindahkan verifikasi ke dompet ini.",
  "api.VERIFICATION_PENDING": "Verifikasi Anda sedang diperiksa: tunggu jawaban admin.",
  "api.WALLET_ALREADY_VERIFIED": "Dompet ini sudah terverifikasi.",
  "api.VERIFICATION_INVALID": "Sebagian data ditolak: periksa setiap isian dan kirim lagi.",
  "api.RISK_STATEMENT_OUTDATED": "Pernyataan risiko telah berubah: muat ulang halaman, baca lagi dan terima.",
  "risk.title": "Sebelum mendanai: risikonya",
  "risk.version": "Pernyataan risiko, versi {version}",
  "risk.creditRisk":
    "Anda mendanai usaha petani. Jika petani atau pembelinya tidak membayar, Anda dapat kehilangan sebagian atau seluruh dana yang Anda berikan: risiko kredit ini Anda tanggung.",
  "risk.noGuarantee":
    "Imbal hasil yang ditampilkan adalah yang disepakati petani, bukan janji: hasil tidak dijamin, dan riwayat petani tidak memastikan apa pun tentang faktur berikutnya.",
  "risk.notABank":
    "Farm bukan bank. Dana yang diberikan di sini bukan simpanan dan tidak dijamin oleh Lembaga Penjamin Simpanan (LPS); tidak ada otoritas negara yang menjamin atau bertanggung jawab atas pengembaliannya.",
  "risk.late":
    "Jika petani terlambat membayar, dana Anda kembali lebih lambat dari jatuh tempo yang ditampilkan; denda keterlambatan bertambah sesuai tarif harian faktur, dan Anda menerimanya hanya jika dibayar.",
  "risk.default":
    "Jika faktur tidak dibayar dalam masa tenggang, faktur dinyatakan gagal bayar. Yang masih dibayar petani selama masa pemulihan dibagi di antara pemegang bagian; sisanya hilang.",
  "risk.limit":
    "Danai hanya jumlah yang sanggup Anda tanggung jika hilang, dan sebarkan ke beberapa petani. Batas Anda membatasi jumlah yang boleh didanakan sekaligus.",
  "risk.agreement":
    "Setiap pembelian adalah perjanjian perdata antara Anda dan petani; platform mencatatnya di blockchain dan menagih pembayarannya untuk Anda.",
  "risk.accept": "Saya telah membaca dan menerima risiko ini",
  "risk.accepting": "Mencatat persetujuan Anda…",
  "risk.accepted": "Anda menerima pernyataan risiko versi {version} pada {date}.",
  "risk.changed":
    "Pernyataan risiko telah berubah sejak Anda menerimanya: baca lagi dan terima untuk tetap membeli.",
  "lock.unverified": "Membeli memerlukan dompet yang terverifikasi.",
  "lock.pending": "Verifikasi Anda sedang diperiksa: Anda dapat membeli setelah disetujui.",
  "lock.rejected": "Verifikasi Anda ditolak: lihat alasannya dan kirim lagi.",
  "lock.expired": "Verifikasi Anda sudah kedaluwarsa: verifikasi ulang untuk membeli.",
  "lock.frozen": "Dompet Anda dibekukan dan tidak dapat membeli. Hubungi layanan dukungan.",
  "lock.riskStatement": "Baca dan terima pernyataan risiko sebelum pembelian pertama Anda.",
  "lock.toVerify": "Ke halaman verifikasi",
  "lock.full":
    "Anda telah mencapai batas: tidak ada sisa untuk didanakan sampai ada tanaman yang dipanen atau dananya dikembalikan.",
  "lock.aboveLimit":
    "Melebihi batas Anda: Anda dapat mendanai paling banyak {amount} GOLD lagi (batas {limit} GOLD).",
};

/** The words of verification and the buy panel's lock: loaded with the routes that use them, not the first page. */
export const verifyWords: Dictionaries = wordPack({ en: verifyEn, id: verifyId });
