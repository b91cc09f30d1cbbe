import { useId, useState } from "react";
import { API_BASE } from "../api/client";
import { useI18n } from "../i18n/I18nProvider";
import { wordPack } from "../i18n/word-packs";
import { statementWords } from "./statement-words";

const WIB_MS = 7 * 3_600_000;
/** Today's date in WIB, "YYYY-MM-DD" (the statement's days are WIB days). */
const wibDay = (at: number) => new Date(at + WIB_MS).toISOString().slice(0, 10);

/** Picks a WIB date range and downloads the statement as CSV or PDF (the backend builds both). */
export function StatementDownload({
  as,
  className = "card stack",
}: {
  as: "investor" | "farmer";
  className?: string;
}) {
  wordPack(statementWords);
  const { t, language } = useI18n();
  const id = useId();
  const [to, setTo] = useState(() => wibDay(Date.now()));
  const [from, setFrom] = useState(() => `${to.slice(0, 8)}01`);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const query = `from=${from}&to=${to}&as=${as}&lang=${language}`;
  return (
    <section className={className} aria-labelledby={`${id}-title`} data-testid="statement-download">
      <h2 id={`${id}-title`}>{t("statement.title")}</h2>
      <p className="muted small">{t(`statement.intro.${as}`)}</p>
      <div className="statement-range">
        <label>
          {t("statement.from")}{" "}
          <input
            type="date"
            value={from}
            max={to}
            onChange={(e) => setFrom(e.currentTarget.value)}
            data-testid="statement-from"
          />
        </label>
        <label>
          {t("statement.to")}{" "}
          <input
            type="date"
            value={to}
            min={from}
            onChange={(e) => setTo(e.currentTarget.value)}
            data-testid="statement-to"
          />
        </label>
      </div>
      {valid ? (
        <p>
          <a
            className="button button--quiet farm-button farm-button--secondary"
            href={`${API_BASE}/user/statement?${query}&format=csv`}
            download
            data-testid="statement-csv"
          >
            {t("statement.csv")}
          </a>{" "}
          <a
            className="button button--quiet farm-button farm-button--secondary"
            href={`${API_BASE}/user/statement.pdf?${query}`}
            download
            data-testid="statement-pdf"
          >
            {t("statement.pdf")}
          </a>
        </p>
      ) : (
        <p role="alert">{t("statement.badRange")}</p>
      )}
    </section>
  );
}
