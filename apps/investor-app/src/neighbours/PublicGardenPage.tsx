import { type PublicGarden, XP_PER_HELP } from "@farm/core";
import { ApiError, Notice, useT } from "@farm/ui";
import { lazy, Suspense } from "react";
import { Link, useParams } from "react-router";
import { AvatarBadge } from "../avatar/AvatarBadge";
import { LazyCropArt } from "../garden/art/LazyCropArt";
import "../i18n/neighbours";
import { ErrorNotice } from "../layout/ErrorNotice";
import { useHelp, usePublicGarden } from "./use-neighbours";

// The owner's decorations and paths, drawn as in its own garden (the yard's code comes only when there are some).
const YardView = lazy(() => import("../garden/yard/YardView"));

import "./neighbours.css";

/** The art's growth for a stage: the public answer carries the stage only, never the term's dates. */
const stageProgress: Record<string, number> = { seed: 0, sprout: 0.2, growing: 0.6, ripe: 1, wilting: 1 };

/** The Help button, or why it cannot be pressed now, and what the last help gave. */
function HelpPanel({ slug, garden }: { slug: string; garden: PublicGarden }) {
  const t = useT();
  const help = useHelp(slug);
  const blocker = garden.help.blocker;
  return (
    <div className="neighbour-help">
      <button
        type="button"
        className="button"
        disabled={blocker !== null || help.isPending}
        aria-describedby={blocker ? "help-blocker" : undefined}
        onClick={() => help.mutate()}
        data-testid="help-button"
      >
        {t("neighbours.help.button", { xp: XP_PER_HELP })}
      </button>
      {blocker && (
        <p id="help-blocker" className="muted">
          {t(`neighbours.blocker.${blocker}`)}
          {blocker === "not-verified" && (
            <>
              {" "}
              <Link to="/verify">{t("profile.verify")}</Link>
            </>
          )}
        </p>
      )}
      {help.data && (
        <Notice tone="success">
          <span data-testid="help-done">
            {t(help.data.neighbourRewarded ? "neighbours.help.doneBoth" : "neighbours.help.done", {
              xp: help.data.xpGained,
            })}
          </span>
        </Notice>
      )}
      {help.error && <ErrorNotice error={help.error} />}
      {garden.help.blocker !== "signed-out" && (
        <p className="muted small">{t("neighbours.help.left", { count: garden.help.helpsLeft })}</p>
      )}
    </div>
  );
}

/** /gardens/:slug: a neighbour's public garden, drawn with the garden's art; no amounts, no dates, no address. */
export default function PublicGardenPage() {
  const t = useT();
  const { slug = "" } = useParams();
  const garden = usePublicGarden(slug);
  // A private garden and an unknown link answer the same 404.
  const notFound =
    garden.error instanceof ApiError && (garden.error.status === 404 || garden.error.status === 400);
  return (
    <section aria-labelledby="garden-title" className="stack neighbours">
      <p>
        <Link to="/neighbours">{t("neighbours.garden.back")}</Link>
      </p>
      {garden.isPending && <p role="status">{t("common.loading")}</p>}
      {garden.error &&
        (notFound ? (
          <Notice tone="info">{t("neighbours.garden.notFound")}</Notice>
        ) : (
          <ErrorNotice error={garden.error} />
        ))}
      {garden.data && (
        <>
          <div className="card neighbour-head">
            <AvatarBadge avatar={garden.data.avatar} size={48} />
            <div>
              <h1 id="garden-title">
                {t("neighbours.garden.title", { name: garden.data.name ?? t("neighbours.anonymous") })}
              </h1>
              <p className="muted">
                {t("neighbours.garden.level", { level: garden.data.level })} ·{" "}
                {t("neighbours.garden.helpsToday", { count: garden.data.helpsToday })}
              </p>
            </div>
          </div>
          <div className="card">
            {garden.data.plants.length === 0 ? (
              <p className="muted">{t("neighbours.garden.empty")}</p>
            ) : (
              <ul className="neighbour-plants">
                {garden.data.plants.map((plant, i) => {
                  const commodity = plant.commodity;
                  const label = `${t(`commodity.${commodity}`)}, ${t(`stage.${plant.stage}`)}`;
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: plants carry no id (no token id in a public answer)
                    <li key={i} className="neighbour-plant">
                      <LazyCropArt
                        commodity={commodity}
                        stage={plant.stage}
                        progress={stageProgress[plant.stage] ?? 0.5}
                        wateredToday={garden.data.helpsToday > 0}
                        label={label}
                        size={88}
                      />
                      <span className="small">{label}</span>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          {garden.data.decorations.length > 0 && (
            <div className="card" data-testid="neighbour-yard">
              <Suspense fallback={null}>
                <YardView items={garden.data.decorations} />
              </Suspense>
            </div>
          )}
          <HelpPanel slug={slug} garden={garden.data} />
        </>
      )}
      {!garden.data && !garden.isPending && <h1 id="garden-title">{t("neighbours.title")}</h1>}
    </section>
  );
}
