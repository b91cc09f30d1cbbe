import type { ApiErrorWords } from "./api-error-words-en";

/** Every error code of core's catalogue in Bahasa Indonesia (see `api-error-words-en.ts`). */
export const apiErrorWordsId: ApiErrorWords = {
  "apiError.HTTP_ERROR":
    "Server menjawab dengan galat (HTTP {status}). Coba lagi sebentar lagi; jika terus terjadi, hubungi layanan dukungan.",
  "apiError.HTTP_ERROR.413":
    "Berkas terlalu besar untuk server. Pilih berkas yang lebih kecil lalu kirim lagi.",
  "apiError.unknown":
    "Terjadi kesalahan. Coba lagi sebentar lagi; jika terus terjadi, hubungi layanan dukungan.",
  "apiError.VALIDATION_FAILED":
    "Sebagian data yang Anda kirim tidak diterima. Periksa isiannya lalu kirim lagi.",
  "apiError.MALFORMED_JSON": "Permintaan tidak dapat dibaca. Muat ulang halaman lalu coba lagi.",
  "apiError.UNAUTHENTICATED":
    "Anda belum masuk, atau sesi Anda telah berakhir. Masuk lagi dengan dompet Anda.",
  "apiError.FORBIDDEN":
    "Dompet Anda tidak diizinkan melakukan ini. Pastikan Anda masuk dengan dompet yang benar.",
  "apiError.PORTAL_ONLY":
    "Halaman admin dan dokumen KYC petani hanya dapat dibuka di portal petani. Buka ini di portal petani.",
  "apiError.NOT_FOUND":
    "Data ini tidak ditemukan: mungkin sudah dihapus, atau tautannya salah. Kembali lalu coba lagi.",
  "apiError.CONFLICT":
    "Ini bertentangan dengan sesuatu yang sudah dilakukan. Muat ulang halaman untuk melihat keadaannya.",
  "apiError.PAYLOAD_TOO_LARGE":
    "Data yang Anda kirim terlalu besar. Pilih berkas yang lebih kecil lalu kirim lagi.",
  "apiError.UNSUPPORTED_MEDIA_TYPE": "Jenis berkas ini tidak diterima. Pilih berkas PDF, JPEG atau PNG.",
  "apiError.RATE_LIMITED": "Terlalu banyak percobaan. Tunggu sebentar lalu coba lagi.",
  "apiError.SERVICE_UNAVAILABLE": "Layanan sedang tidak tersedia. Coba lagi sebentar lagi.",
  "apiError.INTERNAL_ERROR":
    "Terjadi kesalahan di pihak kami. Coba lagi sebentar lagi; jika terus terjadi, hubungi layanan dukungan.",
  "apiError.SIWE_MESSAGE_INVALID":
    "Pesan masuk tidak dapat dibaca. Masuk lagi dan tanda tangani pesan yang baru di dompet Anda.",
  "apiError.SIWE_SIGNATURE_INVALID":
    "Tanda tangan tidak cocok dengan pesan masuk. Masuk lagi dan tanda tangani pesan yang baru dengan dompet ini.",
  "apiError.SIWE_NONCE_INVALID":
    "Permintaan masuk ini sudah kedaluwarsa atau sudah dipakai. Masuk lagi dan tanda tangani pesan yang baru.",
  "apiError.SIWE_DOMAIN_MISMATCH":
    "Pesan masuk dibuat untuk situs lain. Masuk lagi dari halaman ini dan tanda tangani pesan yang baru.",
  "apiError.SIWE_CHAIN_MISMATCH":
    "Dompet Anda menandatangani untuk jaringan lain. Ganti jaringan, lalu masuk lagi dan tanda tangani pesan yang baru.",
  "apiError.SIWE_EXPIRED":
    "Pesan masuk sudah kedaluwarsa. Masuk lagi dan tanda tangani pesan yang baru di dompet Anda.",
  "apiError.SIWE_NOT_YET_VALID": "Pesan masuk belum berlaku. Periksa jam perangkat Anda, lalu masuk lagi.",
  "apiError.SIWE_ISSUED_IN_FUTURE":
    "Pesan masuk bertanggal di masa depan. Periksa jam perangkat Anda, lalu masuk lagi.",
  "apiError.SIWE_ISSUED_BEFORE_NONCE":
    "Pesan masuk lebih lama dari permintaannya. Masuk lagi dan tanda tangani pesan yang baru.",
  "apiError.FARMER_ALREADY_REGISTERED":
    "Dompet ini sudah terdaftar sebagai petani: tidak perlu mendaftar lagi.",
  "apiError.FARMER_NOT_PENDING":
    "Pendaftaran ini sudah diputuskan. Muat ulang halaman untuk melihat statusnya.",
  "apiError.OWN_WALLET_DECISION":
    "Ini pendaftaran atau verifikasi dompet Anda sendiri: admin lain yang harus memutuskannya.",
  "apiError.VERIFICATION_INVALID": "Sebagian data ditolak. Periksa setiap isian lalu kirim lagi.",
  "apiError.NIK_ALREADY_VERIFIED":
    "NIK ini sudah terverifikasi untuk dompet lain. Satu NIK untuk satu dompet: jika dompet itu hilang, hubungi layanan dukungan.",
  "apiError.VERIFICATION_PENDING": "Sebuah verifikasi sudah menunggu peninjauan. Tunggu jawaban admin.",
  "apiError.VERIFICATION_NOT_PENDING":
    "Verifikasi ini sudah diputuskan. Muat ulang halaman untuk melihat statusnya.",
  "apiError.VERIFICATION_NOT_APPROVED":
    "Hanya verifikasi yang disetujui yang mengizinkan ini. Muat ulang halaman untuk melihat statusnya.",
  "apiError.WALLET_ALREADY_VERIFIED":
    "Dompet ini sudah memiliki verifikasi: tidak ada lagi yang perlu dikirim.",
  "apiError.CREDENTIAL_EXPIRED":
    "Kredensial verifikasi ini sudah berakhir, jadi tidak dapat dipindahkan: kirim verifikasi baru dari dompet yang baru.",
  "apiError.RISK_STATEMENT_OUTDATED":
    "Pernyataan risiko telah berubah. Muat ulang halaman, baca lagi lalu terima.",
  "apiError.DUPLICATE_INVOICE": "Nomor faktur ini untuk pembeli ini sudah diajukan. Periksa nomornya.",
  "apiError.DUPLICATE_DOCUMENT":
    "Dokumen ini sudah dilampirkan pada faktur lain: setiap faktur perlu dokumennya sendiri.",
  "apiError.DUE_DATE_NOT_IN_FUTURE":
    "Tanggal jatuh tempo harus setelah hari ini. Pilih tanggal yang lebih lambat.",
  "apiError.DUE_DATE_BEFORE_FUNDING_CLOSES":
    "Tanggal jatuh tempo pembeli harus setelah masa pendanaan berakhir. Pilih tanggal yang lebih lambat.",
  "apiError.DUE_DATE_TOO_FAR":
    "Tanggal jatuh tempo pembeli lebih jauh dari jangka pembiayaan mana pun di sini: periksa tahunnya.",
  "apiError.YIELD_ABOVE_CAP": "Imbal hasil melebihi batas platform. Turunkan lalu ajukan lagi.",
  "apiError.FEE_ABOVE_CAP":
    "Imbal hasil melebihi batas biaya untuk tenor ini: turunkan atau perpanjang tenor.",
  "apiError.TENOR_OUT_OF_RANGE": "Tenor harus 7 sampai 365 hari. Ubah lalu ajukan lagi.",
  "apiError.AMOUNT_TOO_LARGE": "Jumlahnya melebihi maksimum platform. Masukkan jumlah yang lebih kecil.",
  "apiError.AMOUNT_TOO_SMALL": "Jumlahnya di bawah minimum platform. Masukkan jumlah yang lebih besar.",
  "apiError.FEE_TOO_SMALL": "Biaya pembiayaan di bawah minimum platform: naikkan imbal hasil atau jumlahnya.",
  "apiError.TOO_MANY_PENDING_INVOICES":
    "Terlalu banyak faktur Anda yang menunggu peninjauan: ajukan lagi setelah diputuskan.",
  "apiError.CONTRACTS_PAUSED": "Platform sedang dijeda. Coba lagi nanti.",
  "apiError.CHAIN_REFUSED":
    "Blockchain menolak ini. Periksa datanya lalu coba lagi; jika terus terjadi, hubungi layanan dukungan.",
  "apiError.IDEMPOTENCY_KEY_REUSED":
    "Permintaan ini sudah dipakai untuk pengajuan lain. Muat ulang halaman lalu kirim lagi.",
  "apiError.SUBMISSION_IN_PROGRESS": "Ini masih sedang diajukan. Tunggu sebentar, lalu muat ulang halaman.",
  "apiError.TRANSACTION_PENDING": "Transaksi belum dikonfirmasi. Tunggu sebentar lalu coba lagi.",
  "apiError.TRANSACTION_REVERTED":
    "Transaksi gagal di chain: tidak ada yang dicatat. Periksa transaksinya lalu coba lagi.",
  "apiError.SIGNING_UNAVAILABLE":
    "Tanda tangan dompet tidak tersedia pada deployment ini. Hubungi layanan dukungan.",
  "apiError.INVOICE_NOT_PENDING":
    "Faktur ini tidak lagi menunggu keputusan. Muat ulang halaman untuk melihat statusnya.",
  "apiError.APPROVAL_REASON_REQUIRED": "Beri alasan untuk menyetujui faktur ini tanpa konfirmasi pembeli.",
  "apiError.FUNDING_CLOSED":
    "Masa pendanaan faktur ini sudah ditutup. Muat ulang halaman untuk melihat statusnya.",
  "apiError.DECISION_TX_MISMATCH":
    "Transaksi itu tidak membuat keputusan ini pada faktur ini. Periksa transaksinya lalu coba lagi.",
  "apiError.DECISION_ALREADY_RECORDED": "Keputusan ini sudah tercatat. Muat ulang halaman untuk melihatnya.",
  "apiError.LINK_EXPIRED":
    "Tautan ini sudah kedaluwarsa. Minta petani agar tautan baru dikirim ke e-mail Anda.",
  "apiError.LINK_ALREADY_USED":
    "Tautan ini sudah dipakai untuk menjawab: tidak ada lagi yang perlu dilakukan.",
  "apiError.LINK_REPLACED": "Tautan ini diganti dengan yang lebih baru. Buka tautan di e-mail terbaru.",
  "apiError.BUYER_ALREADY_ANSWERED":
    "Pembeli sudah menjawab untuk faktur ini: tidak ada lagi yang perlu dilakukan.",
  "apiError.INVALID_SIGNATURE":
    "Tanda tangan dompet tidak cocok. Tanda tangani lagi dengan dompet yang benar.",
  "apiError.BUYER_CONTACT_NOT_EMAIL":
    "Kontak pembeli bukan alamat e-mail, dan tautan hanya dikirim lewat e-mail. Isi e-mail pembeli.",
  "apiError.SIGNER_NOT_BUYER":
    "Hanya dompet pembeli sendiri yang boleh menandatangani. Tanda tangani dengan dompet pembeli.",
  "apiError.BUYER_CONTACT_IS_FARMER":
    "Kontak pembeli adalah e-mail atau telepon milik petani di platform ini: petani tidak boleh mengonfirmasi fakturnya sendiri. Isi e-mail pembeli sendiri.",
  "apiError.BUYER_OPTED_OUT":
    "Pembeli berhenti berlangganan e-mail konfirmasi, jadi tidak ada tautan yang dikirim ke alamat itu. Minta pembeli mengonfirmasi dengan cara lain.",
  "apiError.TOO_MANY_CONFIRMATION_LINKS":
    "Terlalu banyak e-mail konfirmasi hari ini untuk faktur ini atau dari akun Anda. Kirim lagi setelah pukul 07.00 WIB (00.00 UTC).",
  "apiError.MARKET_OFF": "Pasar benih tidak dibuka pada deployment ini.",
  "apiError.ORDER_SIGNATURE_INVALID": "Tanda tangan tidak cocok dengan pesanan ini. Tanda tangani lagi.",
  "apiError.ORDER_EXPIRED": "Pesanan ini sudah kedaluwarsa. Buat pesanan baru.",
  "apiError.ORDER_EXPIRY_TOO_FAR": "Pesanan paling lama terbuka 90 hari. Pilih akhir yang lebih awal.",
  "apiError.ORDER_NONCE_USED": "Pesanan ini sudah dipakai, terisi, atau dibatalkan. Mulai lagi.",
  "apiError.PRICE_OUT_OF_RANGE": "Harga harus lebih dari 0 dan paling tinggi 200 % dari nilai nominal.",
  "apiError.NOT_TRADABLE":
    "Saham ini tidak dapat diperdagangkan sekarang. Muat ulang halaman untuk melihat status fakturnya.",
  "apiError.INSUFFICIENT_SHARES": "Dompet ini memegang saham lebih sedikit dari ini. Kurangi jumlahnya.",
  "apiError.MARKET_APPROVAL_MISSING":
    "Pasar belum boleh memindahkan saham Anda. Berikan izin lalu coba lagi.",
  "apiError.BUYER_NOT_VERIFIED":
    "Membeli memerlukan dompet yang terverifikasi. Verifikasi identitas Anda dahulu.",
  "apiError.BUYER_LIMIT_EXCEEDED": "Ini akan melewati batas investasi dompet ini. Kurangi jumlahnya.",
  "apiError.WALLET_FROZEN": "Dompet ini dibekukan. Hubungi layanan dukungan.",
  "apiError.INSUFFICIENT_GOLD":
    "GOLD di dompet ini kurang dari yang dibutuhkan. Kurangi jumlahnya atau tambah GOLD.",
  "apiError.GOLD_ALLOWANCE_MISSING": "Pasar belum boleh mengambil GOLD Anda. Berikan izin lalu coba lagi.",
  "apiError.LISTINGS_EXCEED_SHARES":
    "Listing terbuka Anda sudah menawarkan saham yang Anda pegang. Batalkan satu listing atau jual lebih sedikit saham.",
  "apiError.OFFERS_EXCEED_FUNDS":
    "Tawaran terbuka Anda sudah memakai GOLD atau batas investasi Anda. Batalkan satu tawaran atau tawar lebih sedikit.",
  "apiError.TOO_MANY_OPEN_ORDERS":
    "Pesanan terbuka Anda sudah sebanyak yang boleh dimiliki satu dompet. Batalkan satu, atau tunggu sampai ada yang terisi atau berakhir.",
  "apiError.NOT_YOUR_CROP": "Tanaman ini tidak ada di dompet Anda. Muat ulang kebun Anda.",
  "apiError.NOT_AN_INVESTMENT":
    "Transaksi ini tidak berisi investasi. Muat ulang kebun Anda untuk melihat tanaman Anda.",
  "apiError.CROP_NOT_WATERABLE":
    "Tanaman ini tidak dapat disiram pada tahapnya. Siram tanaman yang sedang tumbuh saja.",
  "apiError.ALREADY_WATERED_TODAY": "Tanaman ini sudah disiram hari ini. Siram lagi setelah pukul 00.00 UTC.",
  "apiError.NOT_ENOUGH_WATER": "Air di tangki Anda tidak cukup. Tangki terisi lagi pukul 00.00 UTC.",
  "apiError.CROP_TOO_SMALL":
    "Hanya tanaman senilai 10 GOLD atau lebih yang disiram, karena hanya penanaman seperti itu yang memberi XP. Siram tanaman yang lebih besar.",
  "apiError.INVALID_XP_AMOUNT": "Jumlah XP ini tidak sah. Muat ulang halaman lalu coba lagi.",
  "apiError.UNKNOWN_QUEST": "Misi ini sudah tidak ada. Muat ulang halaman untuk melihat misi hari ini.",
  "apiError.DISPLAY_NAME_TAKEN": "Nama tampilan ini sudah dipakai. Pilih nama lain.",
  "apiError.HELP_OWN_GARDEN": "Ini kebun Anda sendiri: bantu kebun tetangga.",
  "apiError.HELPER_NOT_VERIFIED":
    "Hanya investor terverifikasi yang dapat membantu tetangga. Verifikasi identitas Anda dahulu.",
  "apiError.NEIGHBOUR_NOT_VERIFIED": "Tetangga ini belum terverifikasi, jadi belum bisa dibantu.",
  "apiError.ALREADY_HELPED_TODAY": "Anda sudah membantu tetangga ini hari ini. Datang lagi besok.",
  "apiError.HELP_LIMIT_REACHED":
    "Semua bantuan Anda hari ini sudah terpakai. Besok ada lagi (pukul 00.00 UTC).",
  "apiError.ALREADY_IN_TEAM": "Anda sudah masuk sebuah lingkungan: keluar dulu dari sana.",
  "apiError.TEAM_FULL": "Lingkungan ini sudah penuh. Pilih lingkungan lain.",
  "apiError.TEAM_NAME_TAKEN": "Nama ini sudah dipakai lingkungan lain: pilih nama lain.",
  "apiError.DECORATION_LOCKED": "Hiasan itu belum terbuka untuk Anda. Singkirkan lalu simpan lagi.",
  "apiError.TOO_MANY_VERIFICATION_EMAILS":
    "Terlalu banyak e-mail verifikasi hari ini untuk dompet atau alamat ini; tidak ada yang disimpan. Minta lagi setelah pukul 00.00 UTC.",
  "apiError.VERIFICATION_LINK_EXPIRED":
    "Tautan ini sudah kedaluwarsa. Minta tautan baru di pengaturan notifikasi Anda.",
};
