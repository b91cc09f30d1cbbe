/** Wallet-free pieces: safe for routes that must stay small. Wallet pieces live in "@farm/ui/wallet". */

export { ApiErrorText, QueryWait } from "./api/ApiErrorText";
export { ApiError, toApiError } from "./api/api-error";
export { toBigInt, toBigIntOrNull } from "./api/bigint";
export { API_BASE, type ApiRequest, apiFetch, apiGet, apiPost } from "./api/client";
export { apiErrorMessage } from "./api/error-message";
export { createQueryClient } from "./api/query-client";
export { type UploadProgress, uploadForm } from "./api/upload";
export { AppProviders, mountApp } from "./app/AppProviders";
export { BarChart, type BarSeries, seriesColors } from "./charts/BarChart";
export { chartWords } from "./charts/chart-words";
export {
  type ChainConfig,
  chainConfigQueryKey,
  fetchChainConfig,
  useChainConfig,
} from "./config/chain-config";
export { Dialog } from "./design/Dialog";
export { ToastProvider, type ToastTone, useToast } from "./design/Toasts";
export { definitionWords } from "./disclosures/definition-words";
export { PlatformRecordPanel, platformRecordQueryKey } from "./disclosures/PlatformRecordPanel";
export { RecordDefinitionsToggle, RecordFigures, RecordRate } from "./disclosures/RecordFigures";
export { Rupiah, RupiahRateFooter, useRupiahRate } from "./disclosures/Rupiah";
export { recordWords } from "./disclosures/record-words";
export { StatementDownload } from "./disclosures/StatementDownload";
export { statementWords } from "./disclosures/statement-words";
export { ChosenFile } from "./documents/ChosenFile";
export { DocumentField } from "./documents/DocumentField";
export {
  acceptOfRule,
  checkFile,
  type FileProblem,
  type FileRule,
  megabytesOfRule,
} from "./documents/file-check";
export { fileWords } from "./documents/file-words";
export { sizeText } from "./documents/size-text";
export { type FieldControlProps, FormField } from "./form/FormField";
export { type FieldProblem, problemOf, problemText } from "./form/field-problem";
export { goldInWords } from "./format/amount-words";
export {
  formatDate,
  formatDateTime,
  formatGoldAmount,
  formatNumber,
  formatPercentBps,
  formatRupiah,
} from "./format/format";
export { useFormat } from "./format/use-format";
export { GoldAmount } from "./gold/GoldAmount";
export { GoldCheck } from "./gold/GoldCheck";
export { GoldInput } from "./gold/GoldInput";
export { goldHintText, goldProblemText, MAX_GOLD_INPUT, readGoldInput } from "./gold/gold-input";
export { type Retype, useTypedAmount } from "./gold/use-typed-amount";
export { goldWords } from "./i18n/gold-words";
export { I18nProvider, useI18n, useT } from "./i18n/I18nProvider";
export { keyUsage } from "./i18n/key-usage";
export { LanguageSwitch } from "./i18n/LanguageSwitch";
export { sharedWords } from "./i18n/shared-words";
export { stateWords } from "./i18n/state-words";
export { createTranslate } from "./i18n/translate";
export { type Dictionaries, type Dictionary, type Language, languages, type Translate } from "./i18n/types";
export { walletWords } from "./i18n/wallet-words";
export { packedWord, wordPack } from "./i18n/word-packs";
export { AppHeader, type NavItem } from "./layout/AppHeader";
export { Notice } from "./layout/Notice";
export { RouteErrorBoundary } from "./layout/RouteErrorBoundary";
export { SessionBadge } from "./layout/SessionBadge";
export { shortAddress } from "./layout/short-address";
export {
  DeadNotifications,
  InboxList,
  NotificationBell,
  NotificationSettings,
  notificationWords,
} from "./notifications";
export { type Session, sessionQueryKey, useSession } from "./session/use-session";
export type { TxState } from "./tx/tx-state";
export {
  LazyWalletProvider,
  useWalletLayer,
  useWantWallet,
  type WalletLayer,
  type WalletLayerStatus,
  WhenWallet,
} from "./wallet/LazyWallet";
