import type { AlmanacResponse } from "@farm/core";
import { type Translate, useFormat, useT, wordPack } from "@farm/ui";
import { LazyCropArt } from "../garden/art/LazyCropArt";
import { almanacWords } from "../i18n/almanac";
import { ErrorNotice } from "../layout/ErrorNotice";
import { SignInRequired } from "../layout/SignInRequired";
import { useAlmanac } from "./use-almanac";
import "./almanac.css";

type Badge = AlmanacResponse["badges"][number];

/** A badge's name and what it asks, from its id: the island sets and the province counts share their words. */
export function badgeWords(t: Translate, badge: Badge): { name: string; explain: string } {
  const island = /^island-(.+)$/.exec(badge.id)?.[1];
  if (island) {
    const name = t(`almanac.island.${island}`);
    return {
      name: t("almanac.badge.island", { island: name }),
      explain: t("almanac.badge.island.explain", { island: name }),
    };
  }
  if (badge.id.startsWith("provinces-"))
    return {
      name: t("almanac.badge.provinces", { count: badge.target }),
      explain: t("almanac.badge.provinces.explain", { count: badge.target }),
    };
  return { name: t(`almanac.badge.${badge.id}`), explain: t(`almanac.badge.${badge.id}.explain`) };
}

function Commodities({ almanac }: { almanac: AlmanacResponse }) {
  const t = useT();
  const format = useFormat();
  return (
    <ul className="almanac-crops" aria-label={t("almanac.commodities")}>
      {almanac.commodities.map((entry) => {
        const name = t(`commodity.${entry.commodity}`);
        const funded = entry.funded > 0;
        return (
          <li
            key={entry.commodity}
            className={`almanac-crop${funded ? "" : " almanac-crop--missing"}`}
            data-testid="almanac-crop"
            data-commodity={entry.commodity}
            data-funded={funded ? "yes" : "no"}
          >
            <LazyCropArt
              commodity={entry.commodity}
              stage="ripe"
              progress={1}
              wateredToday={false}
              label={funded ? name : `${name}: ${t("almanac.notYet")}`}
              size={72}
            />
            <span className="almanac-crop__name">{name}</span>
            {funded ? (
              <span className="small muted">
                {t("almanac.funded", { count: entry.funded })}
                {entry.firstFundedAt && (
                  <>
                    <br />
                    {t("almanac.firstFunded", { date: format.date(entry.firstFundedAt) })}
                  </>
                )}
              </span>
            ) : (
              <span className="small muted">{t("almanac.notYet")}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Provinces({ almanac }: { almanac: AlmanacResponse }) {
  const t = useT();
  return (
    <div className="almanac-islands">
      {almanac.islands.map((group) => {
        const funded = group.provinces.filter((p) => p.funded > 0).length;
        const title = `almanac-island-${group.island}`;
        return (
          <section
            key={group.island}
            className="almanac-island"
            aria-labelledby={title}
            data-testid="almanac-island"
          >
            <h3 id={title}>
              {t(`almanac.island.${group.island}`)}{" "}
              <span className="muted small">
                {t("almanac.collected", { count: funded, total: group.provinces.length })}
              </span>
            </h3>
            <ul className="almanac-provinces">
              {group.provinces.map((entry) => {
                const name = t(`almanac.province.${entry.province}`);
                const isFunded = entry.funded > 0;
                return (
                  <li
                    key={entry.province}
                    className={`almanac-province${isFunded ? " almanac-province--funded" : ""}`}
                    data-province={entry.province}
                    data-funded={isFunded ? "yes" : "no"}
                    aria-label={t(isFunded ? "almanac.provinceFunded" : "almanac.provinceNotYet", {
                      province: name,
                    })}
                  >
                    <span aria-hidden="true">{isFunded ? "✓ " : ""}</span>
                    {name}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function Badges({ almanac }: { almanac: AlmanacResponse }) {
  const t = useT();
  return (
    <ul className="almanac-badges">
      {almanac.badges.map((badge) => {
        const words = badgeWords(t, badge);
        return (
          <li
            key={badge.id}
            className={`almanac-badge${badge.earned ? " almanac-badge--earned" : ""}`}
            data-testid="almanac-badge"
            data-badge={badge.id}
            data-earned={badge.earned ? "yes" : "no"}
          >
            <span className="almanac-badge__seal" aria-hidden="true">
              {badge.earned ? "★" : "☆"}
            </span>
            <span className="almanac-badge__text">
              <strong>{words.name}</strong>
              <span className="small muted">{words.explain}</span>
              <progress max={badge.target} value={badge.progress} aria-label={words.name} />
              <span className="small">
                {badge.earned
                  ? t("almanac.badge.earned")
                  : t("almanac.badge.progress", { progress: badge.progress, target: badge.target })}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Unplaced({ almanac }: { almanac: AlmanacResponse }) {
  const t = useT();
  const { commodity, provinces } = almanac.unplaced;
  if (commodity === 0 && provinces.length === 0) return null;
  return (
    <section
      className="card almanac-unplaced"
      aria-labelledby="almanac-unplaced"
      data-testid="almanac-unplaced"
    >
      <h2 id="almanac-unplaced">{t("almanac.unplaced")}</h2>
      <p className="small muted">{t("almanac.unplaced.explain")}</p>
      <ul>
        {commodity > 0 && <li>{t("almanac.unplaced.commodity", { count: commodity })}</li>}
        {provinces.map((entry) => (
          <li key={entry.name}>
            {t("almanac.unplaced.province", {
              name: entry.name === "" ? t("almanac.unplaced.noProvince") : entry.name,
              count: entry.funded,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AlmanacContent() {
  const t = useT();
  const almanac = useAlmanac();
  if (almanac.error) return <ErrorNotice error={almanac.error} />;
  if (!almanac.data) return <p role="status">{t("common.loading")}</p>;
  const data = almanac.data;
  return (
    <>
      <section className="card" aria-labelledby="almanac-crops">
        <h2 id="almanac-crops">{t("almanac.commodities")}</h2>
        <Commodities almanac={data} />
      </section>
      <section className="card" aria-labelledby="almanac-provinces">
        <h2 id="almanac-provinces">{t("almanac.provinces")}</h2>
        <Provinces almanac={data} />
      </section>
      <section className="card" aria-labelledby="almanac-badges">
        <h2 id="almanac-badges">{t("almanac.badges")}</h2>
        <Badges almanac={data} />
      </section>
      <Unplaced almanac={data} />
    </>
  );
}

/** /almanac: the crops and provinces the player has funded, by island group, and the badges for completing sets. */
export default function AlmanacPage() {
  wordPack(almanacWords);
  const t = useT();
  return (
    <section aria-labelledby="almanac-title" className="stack almanac">
      <h1 id="almanac-title">{t("almanac.title")}</h1>
      <p className="muted">{t("almanac.intro")}</p>
      <SignInRequired>
        <AlmanacContent />
      </SignInRequired>
    </section>
  );
}
