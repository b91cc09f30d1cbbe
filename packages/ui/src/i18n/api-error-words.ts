import { type ApiErrorWords, apiErrorWordsEn } from "./api-error-words-en";
import { apiErrorWordsId } from "./api-error-words-id";
import type { Language } from "./types";

/**
 * Words for every API error code in both languages, beneath each app's own `api.<CODE>` (its dictionary or a route's
 * pack): a key of its own (`apiError.`), so a generic word never hides an app's more precise one.
 */
export const apiErrorWords: Record<Language, ApiErrorWords> = { en: apiErrorWordsEn, id: apiErrorWordsId };
