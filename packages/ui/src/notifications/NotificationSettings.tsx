import { type NotificationKind, renderNotification } from "@farm/core";
import { type FormEvent, useEffect, useState } from "react";
import { ApiErrorText } from "../api/ApiErrorText";
import { Notice } from "../layout/Notice";
import { useNotificationI18n } from "./notification-words";
import { usePreferences, useSavePreferences } from "./use-notifications";

/** A kind's name for the settings: its subject in the reader's language, with the blanks left as "…". */
const kindLabel = (kind: NotificationKind, language: "en" | "id") =>
  renderNotification(kind, {}, language).subject.replace(/#?\{\w+\}/g, "…");

/**
 * E-mail address, e-mail language and the e-mail switch per kind (the inbox always has every kind). The language
 * starts on the address's stored one, or with no address yet on the page's language.
 */
export function NotificationSettings() {
  const { t, language } = useNotificationI18n();
  const preferences = usePreferences();
  const save = useSavePreferences();
  const [email, setEmail] = useState("");
  /** The reader's choice in this form; null until it makes one. */
  const [chosenLanguage, setChosenLanguage] = useState<"en" | "id" | null>(null);
  const [switches, setSwitches] = useState<Record<string, boolean>>({});
  useEffect(() => {
    if (!preferences.data) return;
    setEmail(preferences.data.email ?? "");
    setChosenLanguage(null);
    setSwitches(Object.fromEntries(preferences.data.kinds.map((entry) => [entry.kind, entry.email])));
  }, [preferences.data]);
  if (!preferences.data) return null;
  // Without an address no language is stored (the reported "en" is only a default): the page's language then.
  const mailLanguage =
    chosenLanguage ?? (preferences.data.email === null ? language : preferences.data.language);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      email: email.trim() === "" ? null : email.trim(),
      language: mailLanguage,
      kinds: preferences.data!.kinds.map((entry) => ({
        kind: entry.kind,
        email: switches[entry.kind] ?? true,
      })),
    });
  };
  return (
    <form className="farm-notify-settings" onSubmit={submit} aria-labelledby="notify-settings-title">
      <h2 id="notify-settings-title">{t("notify.settings")}</h2>
      <p>{t("notify.settingsHint")}</p>
      <label>
        {t("notify.email")}
        <input
          type="email"
          value={email}
          maxLength={200}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      {preferences.data.email !== null && (
        <p role="status">
          {preferences.data.verified ? t("notify.emailVerified") : t("notify.emailUnverified")}
        </p>
      )}
      <label>
        {t("notify.language")}
        <select
          value={mailLanguage}
          onChange={(event) => setChosenLanguage(event.target.value === "id" ? "id" : "en")}
        >
          <option value="en">English</option>
          <option value="id">Bahasa Indonesia</option>
        </select>
      </label>
      <fieldset>
        <legend>{t("notify.kindByEmail")}</legend>
        {preferences.data.kinds.map((entry) => (
          <label key={entry.kind}>
            <input
              type="checkbox"
              checked={switches[entry.kind] ?? true}
              onChange={(event) => setSwitches({ ...switches, [entry.kind]: event.target.checked })}
            />
            {kindLabel(entry.kind, language)}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={save.isPending}>
        {t("common.save")}
      </button>
      {save.isSuccess && <p role="status">{t("notify.saved")}</p>}
      {save.isError && (
        <Notice tone="error">
          <ApiErrorText error={save.error} />
        </Notice>
      )}
    </form>
  );
}
