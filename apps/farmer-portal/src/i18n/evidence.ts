import { type Dictionaries, type Dictionary, wordPack } from "@farm/ui";

/** Texts of the invoice evidence screens: submission files, buyer confirmation links, admin review. */
export const evidenceEn: Dictionary = {
  "evidence.form.legend": "Evidence",
  "evidence.uploading": "Uploading the documents… {percent} %",
  "evidence.form.intro":
    "Attach the invoice itself, and if you can a proof of delivery. The invoice's fingerprint (SHA-256) is recorded on the blockchain with it.",
  "evidence.kind.invoice": "Invoice document",
  "evidence.kind.deliveryProof": "Proof of delivery (optional)",
  "evidence.document.invoice": "Invoice document",
  "evidence.document.deliveryProof": "Proof of delivery",
  "evidence.rules.invoice": "PDF, JPEG or PNG, at most {mb} MB.",
  "evidence.rules.deliveryProof":
    "Delivery note, weighbridge ticket or photo: PDF, JPEG or PNG, at most {mb} MB.",
  "evidence.status.none": "Buyer not asked yet",
  "evidence.status.link_sent": "Waiting for the buyer",
  "evidence.status.link_expired": "Buyer's link expired",
  "evidence.status.confirmed": "Buyer confirmed",
  "evidence.status.disputed": "Buyer disputes",
  "evidence.decidedAt": "on {date}",
  "evidence.method.link": "through the link",
  "evidence.method.wallet_signature": "signed with a wallet",
  "evidence.linkExpires": "Link open until {date}.",
  "evidence.sendLink": "E-mail the buyer a confirmation link ({address})",
  "evidence.sendNewLink": "E-mail the buyer a new link ({address}; the old one stops working)",
  "evidence.linkSent": "A link was sent to {address}. It works once, until {date}.",
  "evidence.noEmailChannel":
    "The buyer's contact is a phone number: the confirmation link can only be sent by e-mail, so this invoice stays unconfirmed for investors.",
  "evidence.freeMailWeaker":
    "The buyer's address is at a free e-mail provider: investors see the confirmation as weaker than one from a company domain.",
  "evidence.buyer": "Buyer",
  "evidence.hash.match": "The document matches the fingerprint recorded on chain.",
  "evidence.hash.mismatch": "Warning: the document does not match the fingerprint recorded on chain.",
  "evidence.hash.unknown": "The on-chain fingerprint is not indexed yet.",
  "evidence.noDocuments": "No documents were uploaded with this invoice.",
  "evidence.documentReused":
    "Warning: this document has the same fingerprint as invoice {others} of another farmer. Check it before approving.",
  "evidence.resubmissionOf":
    "Submitted again: this invoice was submitted before as {others}, which ended unfunded (rejected or cancelled). Read those decisions before approving.",
  "evidence.buyerDomainIsFarmers":
    "Warning: the buyer's e-mail address is at the farmer's own e-mail domain ({domain}). The farmer may have answered as the buyer: check who the buyer is before approving.",
  "evidence.approve.unconfirmed":
    "The buyer has not confirmed this invoice. Approving it anyway needs a reason, kept in the audit log.",
  "evidence.approve.disputed":
    "The buyer disputes this invoice. Approving it anyway needs a reason, kept in the audit log.",
  "evidence.approve.reason": "Why approve without the buyer's confirmation?",
  "evidence.approve.withReason": "Record the reason and approve on chain",
  "confirm.title": "Confirm an invoice",
  "confirm.invoiceHeading": "Invoice {number} to {buyer}",
  "confirm.from": "Issued by {farm}.",
  "confirm.description": "Description",
  "confirm.documentHash": "Document fingerprint (SHA-256)",
  "confirm.answer.title": "Do you owe this invoice?",
  "confirm.answer.intro":
    "Check the amount, due date and document. Confirm if they are right; dispute if anything is wrong. You can answer once.",
  "confirm.wallet.explain":
    "Optional: connect a wallet to sign your answer, so anyone can verify it came from you.",
  "confirm.wallet.sign": "Sign my answer with this wallet",
  "confirm.confirm": "Confirm the invoice",
  "confirm.confirmSigned": "Confirm and sign with my wallet",
  "confirm.dispute.open": "Dispute…",
  "confirm.dispute.note": "What is wrong with this invoice?",
  "confirm.dispute.send": "Send the dispute",
  "confirm.dispute.sendSigned": "Sign and send the dispute",
  "confirm.sending": "Sending your answer…",
  "confirm.recorded.confirmed": "You confirmed this invoice",
  "confirm.recorded.disputed": "You disputed this invoice",
  "confirm.recorded.detail": "Recorded on {date}, {method}.",
  "confirm.recorded.signer": "Signed by {address}.",
  "confirm.repay.title": "Pay the invoice",
  "confirm.repay.explain": "The invoice is financed: pay it here from your wallet in GOLD.",
  "confirm.repay.done": "This invoice is paid. Thank you.",
  "confirm.repay.notYet": "You can pay here once the invoice is financed.",
  "confirm.expired": "This link has expired. Ask the farmer to have a new one e-mailed to you.",
  "confirm.replaced": "This link was replaced by a newer one: use the latest link e-mailed to you.",
  "confirm.notFound": "This confirmation link does not exist.",
  "confirm.failed": "The invoice could not be loaded. Please try again.",
};

export const evidenceId: Dictionary = {
  "evidence.form.legend": "Bukti",
  "evidence.uploading": "Mengunggah dokumen… {percent} %",
  "evidence.form.intro":
    "Lampirkan fakturnya, dan bila bisa bukti pengiriman. Sidik jari faktur (SHA-256) dicatat di blockchain bersamanya.",
  "evidence.kind.invoice": "Dokumen faktur",
  "evidence.kind.deliveryProof": "Bukti pengiriman (opsional)",
  "evidence.document.invoice": "Dokumen faktur",
  "evidence.document.deliveryProof": "Bukti pengiriman",
  "evidence.rules.invoice": "PDF, JPEG atau PNG, paling besar {mb} MB.",
  "evidence.rules.deliveryProof":
    "Surat jalan, tiket timbangan atau foto: PDF, JPEG atau PNG, paling besar {mb} MB.",
  "evidence.status.none": "Pembeli belum ditanya",
  "evidence.status.link_sent": "Menunggu pembeli",
  "evidence.status.link_expired": "Tautan pembeli kedaluwarsa",
  "evidence.status.confirmed": "Pembeli mengonfirmasi",
  "evidence.status.disputed": "Pembeli menyanggah",
  "evidence.decidedAt": "pada {date}",
  "evidence.method.link": "melalui tautan",
  "evidence.method.wallet_signature": "ditandatangani dengan dompet",
  "evidence.linkExpires": "Tautan berlaku sampai {date}.",
  "evidence.sendLink": "Kirim tautan konfirmasi ke e-mail pembeli ({address})",
  "evidence.sendNewLink": "Kirim tautan baru ke e-mail pembeli ({address}; tautan lama tidak berlaku lagi)",
  "evidence.linkSent": "Tautan dikirim ke {address}. Berlaku sekali, sampai {date}.",
  "evidence.noEmailChannel":
    "Kontak pembeli adalah nomor telepon: tautan konfirmasi hanya dapat dikirim lewat e-mail, jadi faktur ini tetap belum dikonfirmasi bagi investor.",
  "evidence.freeMailWeaker":
    "Alamat pembeli di penyedia e-mail gratis: investor melihat konfirmasinya lebih lemah daripada dari domain perusahaan.",
  "evidence.buyer": "Pembeli",
  "evidence.hash.match": "Dokumen cocok dengan sidik jari yang tercatat di blockchain.",
  "evidence.hash.mismatch": "Peringatan: dokumen tidak cocok dengan sidik jari yang tercatat di blockchain.",
  "evidence.hash.unknown": "Sidik jari di blockchain belum terindeks.",
  "evidence.documentReused":
    "Peringatan: dokumen ini memiliki sidik jari yang sama dengan faktur {others} milik petani lain. Periksa sebelum menyetujui.",
  "evidence.resubmissionOf":
    "Diajukan ulang: faktur ini pernah diajukan sebagai {others}, yang berakhir tanpa pendanaan (ditolak atau dibatalkan). Baca keputusan tersebut sebelum menyetujui.",
  "evidence.buyerDomainIsFarmers":
    "Peringatan: alamat e-mail pembeli berada di domain e-mail petani sendiri ({domain}). Petani mungkin menjawab sebagai pembeli: periksa siapa pembelinya sebelum menyetujui.",
  "evidence.noDocuments": "Tidak ada dokumen yang diunggah dengan faktur ini.",
  "evidence.approve.unconfirmed":
    "Pembeli belum mengonfirmasi faktur ini. Menyetujuinya tetap butuh alasan, yang disimpan di log audit.",
  "evidence.approve.disputed":
    "Pembeli menyanggah faktur ini. Menyetujuinya tetap butuh alasan, yang disimpan di log audit.",
  "evidence.approve.reason": "Mengapa menyetujui tanpa konfirmasi pembeli?",
  "evidence.approve.withReason": "Catat alasan dan setujui di blockchain",
  "confirm.title": "Konfirmasi faktur",
  "confirm.invoiceHeading": "Faktur {number} untuk {buyer}",
  "confirm.from": "Diterbitkan oleh {farm}.",
  "confirm.description": "Keterangan",
  "confirm.documentHash": "Sidik jari dokumen (SHA-256)",
  "confirm.answer.title": "Apakah Anda berutang atas faktur ini?",
  "confirm.answer.intro":
    "Periksa jumlah, tanggal jatuh tempo dan dokumennya. Konfirmasi bila benar; sanggah bila ada yang salah. Anda dapat menjawab sekali.",
  "confirm.wallet.explain":
    "Opsional: hubungkan dompet untuk menandatangani jawaban Anda, agar siapa pun dapat memastikan jawaban itu dari Anda.",
  "confirm.wallet.sign": "Tandatangani jawaban saya dengan dompet ini",
  "confirm.confirm": "Konfirmasi faktur",
  "confirm.confirmSigned": "Konfirmasi dan tandatangani dengan dompet",
  "confirm.dispute.open": "Sanggah…",
  "confirm.dispute.note": "Apa yang salah dengan faktur ini?",
  "confirm.dispute.send": "Kirim sanggahan",
  "confirm.dispute.sendSigned": "Tandatangani dan kirim sanggahan",
  "confirm.sending": "Mengirim jawaban Anda…",
  "confirm.recorded.confirmed": "Anda mengonfirmasi faktur ini",
  "confirm.recorded.disputed": "Anda menyanggah faktur ini",
  "confirm.recorded.detail": "Dicatat pada {date}, {method}.",
  "confirm.recorded.signer": "Ditandatangani oleh {address}.",
  "confirm.repay.title": "Bayar faktur",
  "confirm.repay.explain": "Faktur ini sudah didanai: bayar di sini dari dompet Anda dalam GOLD.",
  "confirm.repay.done": "Faktur ini sudah dibayar. Terima kasih.",
  "confirm.repay.notYet": "Anda dapat membayar di sini setelah faktur didanai.",
  "confirm.expired": "Tautan ini sudah kedaluwarsa. Minta petani agar tautan baru dikirim ke e-mail Anda.",
  "confirm.replaced": "Tautan ini diganti dengan yang lebih baru: gunakan tautan terbaru di e-mail Anda.",
  "confirm.notFound": "Tautan konfirmasi ini tidak ada.",
  "confirm.failed": "Faktur tidak dapat dimuat. Silakan coba lagi.",
};

/** The words of the invoice evidence screens: loaded with the routes that use them, not with the first page. */
export const evidenceWords: Dictionaries = wordPack({ en: evidenceEn, id: evidenceId });
