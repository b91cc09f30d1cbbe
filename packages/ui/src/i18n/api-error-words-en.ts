import type { ApiErrorCode } from "@farm/core";

/**
 * What the client itself calls an answer: `HTTP_ERROR` is an answer without the API's error body (a proxy's page, e.g.
 * 413 for an upload too large), `HTTP_ERROR.413` its upload case; `unknown` a code this build does not know yet.
 */
type ClientErrorWord = "HTTP_ERROR" | "HTTP_ERROR.413" | "unknown";

/**
 * Every error code of core's catalogue in words, in each language: what `apiErrorMessage` shows when the app words
 * no `api.<CODE>` of its own, so a page never shows the backend's English sentence. A code added to the catalogue
 * does not compile until it is worded here (a word may come before its code: the index signature allows it).
 */
export type ApiErrorWords = Record<`apiError.${ApiErrorCode | ClientErrorWord}`, string> &
  Record<string, string>;

export const apiErrorWordsEn: ApiErrorWords = {
  "apiError.HTTP_ERROR":
    "The server answered with an error (HTTP {status}). Try again in a moment; if it keeps happening, contact support.",
  "apiError.HTTP_ERROR.413": "The file is too large for the server. Choose a smaller file and send again.",
  "apiError.unknown": "Something went wrong. Try again in a moment; if it keeps happening, contact support.",
  "apiError.VALIDATION_FAILED": "Some of what you sent was not accepted. Check the fields and send again.",
  "apiError.MALFORMED_JSON": "The request could not be read. Reload the page and try again.",
  "apiError.UNAUTHENTICATED":
    "You are not signed in, or your session has ended. Sign in with your wallet again.",
  "apiError.FORBIDDEN":
    "Your wallet is not allowed to do this. Check that you signed in with the right wallet.",
  "apiError.PORTAL_ONLY":
    "Admin pages and farmers' KYC documents open only in the farmer portal. Open this in the farmer portal.",
  "apiError.NOT_FOUND":
    "This was not found: it may have been removed, or the link is wrong. Go back and try again.",
  "apiError.CONFLICT": "This clashes with something already done. Reload the page to see where things stand.",
  "apiError.PAYLOAD_TOO_LARGE": "What you sent is too large. Choose a smaller file and send again.",
  "apiError.UNSUPPORTED_MEDIA_TYPE": "This file type is not accepted. Choose a PDF, JPEG or PNG file.",
  "apiError.RATE_LIMITED": "Too many attempts. Wait a moment and try again.",
  "apiError.SERVICE_UNAVAILABLE": "A service is unavailable right now. Try again in a moment.",
  "apiError.INTERNAL_ERROR":
    "Something went wrong on our side. Try again in a moment; if it keeps happening, contact support.",
  "apiError.SIWE_MESSAGE_INVALID":
    "The sign-in message could not be read. Sign in again and sign the new message in your wallet.",
  "apiError.SIWE_SIGNATURE_INVALID":
    "The signature does not match the sign-in message. Sign in again and sign the new message with this wallet.",
  "apiError.SIWE_NONCE_INVALID":
    "This sign-in request has expired or was already used. Sign in again and sign the new message.",
  "apiError.SIWE_DOMAIN_MISMATCH":
    "The sign-in message was made for another site. Sign in again from this page and sign the new message.",
  "apiError.SIWE_CHAIN_MISMATCH":
    "Your wallet signed for another network. Switch the network, then sign in again and sign the new message.",
  "apiError.SIWE_EXPIRED":
    "The sign-in message has expired. Sign in again and sign the new message in your wallet.",
  "apiError.SIWE_NOT_YET_VALID":
    "The sign-in message is not valid yet. Check your device's clock, then sign in again.",
  "apiError.SIWE_ISSUED_IN_FUTURE":
    "The sign-in message is dated in the future. Check your device's clock, then sign in again.",
  "apiError.SIWE_ISSUED_BEFORE_NONCE":
    "The sign-in message is older than its request. Sign in again and sign the new message.",
  "apiError.FARMER_ALREADY_REGISTERED":
    "This wallet is already registered as a farmer: no need to register again.",
  "apiError.FARMER_NOT_PENDING": "This registration was already decided. Reload the page to see its status.",
  "apiError.OWN_WALLET_DECISION":
    "This is your own wallet's registration or verification: another admin must decide it.",
  "apiError.VERIFICATION_INVALID": "Some details were refused. Check each field and send again.",
  "apiError.NIK_ALREADY_VERIFIED":
    "This NIK is already verified for another wallet. One NIK has one wallet: if you lost it, contact support.",
  "apiError.VERIFICATION_PENDING":
    "A verification is already waiting for review. Wait for the admin's answer.",
  "apiError.VERIFICATION_NOT_PENDING":
    "This verification was already decided. Reload the page to see its status.",
  "apiError.VERIFICATION_NOT_APPROVED":
    "Only an approved verification allows this. Reload the page to see its status.",
  "apiError.WALLET_ALREADY_VERIFIED": "This wallet already has a verification: nothing more to send.",
  "apiError.CREDENTIAL_EXPIRED":
    "This verification's credential has ended, so it cannot be moved: send a new verification from the new wallet.",
  "apiError.RISK_STATEMENT_OUTDATED":
    "The risk statement has changed. Reload the page, read it again and accept it.",
  "apiError.DUPLICATE_INVOICE": "This invoice number for this buyer was already submitted. Check the number.",
  "apiError.DUPLICATE_DOCUMENT":
    "This document is already attached to another invoice: each invoice needs its own document.",
  "apiError.DUE_DATE_NOT_IN_FUTURE": "The due date must be after today. Choose a later date.",
  "apiError.DUE_DATE_BEFORE_FUNDING_CLOSES":
    "The buyer's due date must fall after the funding window closes. Choose a later date.",
  "apiError.DUE_DATE_TOO_FAR":
    "The buyer's due date is further out than any term financed here: check the year.",
  "apiError.YIELD_ABOVE_CAP": "The yield is above the platform's cap. Lower it and submit again.",
  "apiError.FEE_ABOVE_CAP": "The yield is above the fee cap for this term: lower it or lengthen the term.",
  "apiError.TENOR_OUT_OF_RANGE": "The term must be 7 to 365 days. Change it and submit again.",
  "apiError.AMOUNT_TOO_LARGE": "The amount is above the platform's maximum. Enter a smaller amount.",
  "apiError.AMOUNT_TOO_SMALL": "The amount is below the platform's minimum. Enter a larger amount.",
  "apiError.FEE_TOO_SMALL":
    "The financing fee is below the platform's minimum: raise the yield or the amount.",
  "apiError.TOO_MANY_PENDING_INVOICES":
    "Too many of your invoices are waiting for review: submit more once they are decided.",
  "apiError.CONTRACTS_PAUSED": "The platform is paused right now. Try again later.",
  "apiError.CHAIN_REFUSED":
    "The blockchain refused this. Check the details and try again; if it keeps happening, contact support.",
  "apiError.IDEMPOTENCY_KEY_REUSED":
    "This request was already used for another submission. Reload the page and send again.",
  "apiError.SUBMISSION_IN_PROGRESS": "This is still being submitted. Wait a moment, then reload the page.",
  "apiError.TRANSACTION_PENDING": "The transaction is not confirmed yet. Wait a moment and try again.",
  "apiError.TRANSACTION_REVERTED":
    "The transaction failed on chain: nothing was recorded. Check it and try again.",
  "apiError.SIGNING_UNAVAILABLE": "Wallet signatures are not available on this deployment. Contact support.",
  "apiError.INVOICE_NOT_PENDING":
    "This invoice is no longer waiting for a decision. Reload the page to see its status.",
  "apiError.APPROVAL_REASON_REQUIRED":
    "Give a reason to approve this invoice without the buyer's confirmation.",
  "apiError.FUNDING_CLOSED":
    "The funding window of this invoice has closed. Reload the page to see its status.",
  "apiError.DECISION_TX_MISMATCH":
    "That transaction does not make this decision on this invoice. Check it and try again.",
  "apiError.DECISION_ALREADY_RECORDED": "This decision is already recorded. Reload the page to see it.",
  "apiError.LINK_EXPIRED": "This link has expired. Ask the farmer to have a new one e-mailed to you.",
  "apiError.LINK_ALREADY_USED": "This link was already used to answer: nothing more to do.",
  "apiError.LINK_REPLACED": "This link was replaced by a newer one. Open the link in the latest e-mail.",
  "apiError.BUYER_ALREADY_ANSWERED": "The buyer has already answered for this invoice: nothing more to do.",
  "apiError.INVALID_SIGNATURE": "The wallet signature does not match. Sign again with the right wallet.",
  "apiError.BUYER_CONTACT_NOT_EMAIL":
    "The buyer's contact is not an e-mail address, and links are sent by e-mail only. Give the buyer's e-mail.",
  "apiError.SIGNER_NOT_BUYER": "Only the buyer's own wallet may sign. Sign with the buyer's wallet.",
  "apiError.BUYER_CONTACT_IS_FARMER":
    "The buyer's contact is a farmer's own e-mail or phone on this platform: a farmer cannot confirm its own invoice. Give the buyer's own e-mail.",
  "apiError.BUYER_OPTED_OUT":
    "The buyer unsubscribed from confirmation e-mails, so no link is sent to that address. Ask the buyer to confirm another way.",
  "apiError.TOO_MANY_CONFIRMATION_LINKS":
    "Too many confirmation e-mails today for this invoice or from your account. Send again after 00:00 UTC (07:00 WIB).",
  "apiError.MARKET_OFF": "The seed market is not open on this deployment.",
  "apiError.ORDER_SIGNATURE_INVALID": "The signature does not match this order. Sign it again.",
  "apiError.ORDER_EXPIRED": "This order has expired. Make a new one.",
  "apiError.ORDER_EXPIRY_TOO_FAR": "An order may stay open for at most 90 days. Choose an earlier end.",
  "apiError.ORDER_NONCE_USED": "This order was already used, filled or cancelled. Start again.",
  "apiError.PRICE_OUT_OF_RANGE": "The price must be more than 0 and at most 200 % of face value.",
  "apiError.NOT_TRADABLE": "These shares cannot be traded now. Reload the page to see the invoice's status.",
  "apiError.INSUFFICIENT_SHARES": "The wallet holds fewer shares than this. Lower the amount.",
  "apiError.MARKET_APPROVAL_MISSING": "The market may not move your shares yet. Approve it and try again.",
  "apiError.BUYER_NOT_VERIFIED": "Buying needs a verified wallet. Verify your identity first.",
  "apiError.BUYER_LIMIT_EXCEEDED": "This would take the wallet past its investment limit. Lower the amount.",
  "apiError.WALLET_FROZEN": "This wallet is frozen. Contact support.",
  "apiError.INSUFFICIENT_GOLD": "The wallet holds less GOLD than this needs. Lower the amount or add GOLD.",
  "apiError.GOLD_ALLOWANCE_MISSING": "The market may not take your GOLD yet. Approve it and try again.",
  "apiError.LISTINGS_EXCEED_SHARES":
    "Your open listings already offer the shares you hold. Cancel a listing or list fewer shares.",
  "apiError.OFFERS_EXCEED_FUNDS":
    "Your open offers already commit your GOLD or your investment limit. Cancel an offer or offer less.",
  "apiError.TOO_MANY_OPEN_ORDERS":
    "You have as many open orders as one wallet may have. Cancel one, or wait until one fills or ends.",
  "apiError.NOT_YOUR_CROP": "This crop is not in your wallet. Reload your garden.",
  "apiError.NOT_AN_INVESTMENT": "This transaction holds no investment. Reload your garden to see your crops.",
  "apiError.CROP_NOT_WATERABLE": "This crop cannot be watered at its stage. Water a growing crop instead.",
  "apiError.ALREADY_WATERED_TODAY": "This crop was already watered today. Water it again after 00:00 UTC.",
  "apiError.NOT_ENOUGH_WATER": "Your tank has too little water. It refills at 00:00 UTC.",
  "apiError.CROP_TOO_SMALL":
    "Only a crop of 10 GOLD or more is watered, as only such a planting earns XP. Water a bigger crop instead.",
  "apiError.INVALID_XP_AMOUNT": "This XP amount is not valid. Reload the page and try again.",
  "apiError.UNKNOWN_QUEST": "This quest no longer exists. Reload the page to see today's quests.",
  "apiError.DISPLAY_NAME_TAKEN": "This display name is taken. Choose another.",
  "apiError.HELP_OWN_GARDEN": "This is your own garden: help a neighbour's.",
  "apiError.HELPER_NOT_VERIFIED": "Only verified investors can help neighbours. Verify your identity first.",
  "apiError.NEIGHBOUR_NOT_VERIFIED": "This neighbour is not verified yet, so it cannot be helped.",
  "apiError.ALREADY_HELPED_TODAY": "You already helped this neighbour today. Come back tomorrow.",
  "apiError.HELP_LIMIT_REACHED": "You gave all your helps for today. More tomorrow (00:00 UTC).",
  "apiError.ALREADY_IN_TEAM": "You are already in a neighbourhood: leave it first.",
  "apiError.TEAM_FULL": "This neighbourhood is full. Choose another one.",
  "apiError.TEAM_NAME_TAKEN": "A neighbourhood already has this name: choose another.",
  "apiError.DECORATION_LOCKED": "You have not unlocked that decoration yet. Remove it and save again.",
  "apiError.TOO_MANY_VERIFICATION_EMAILS":
    "Too many verification e-mails today for this wallet or this address; nothing was saved. Ask again after 00:00 UTC.",
  "apiError.VERIFICATION_LINK_EXPIRED":
    "This link has expired. Ask for a new one in your notification settings.",
};
