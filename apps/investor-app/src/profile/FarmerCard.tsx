import { shortAddress, useT, wordPack } from "@farm/ui";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AvatarBadge } from "../avatar/AvatarBadge";
import { lookWords } from "../i18n/look";
import { LevelProgress } from "./LevelProgress";
import type { InvestorProfile } from "./use-profile";

wordPack(lookWords);

/**
 * The farmer's card: the avatar in a portrait frame, the name, the level as a ribbon and its progress, and a marked
 * place below for the almanac's summary (`almanac`), which a separate component fills. Nothing of money is on it.
 */
export function FarmerCard({ profile, almanac }: { profile: InvestorProfile; almanac?: ReactNode }) {
  const t = useT();
  return (
    <article className="card farmer-card" aria-labelledby="farmer-card-name" data-testid="farmer-card">
      <p className="farmer-card__kind">{t("look.card.kind")}</p>
      <div className="farmer-card__id profile-head">
        <span className="farmer-card__portrait">
          <AvatarBadge avatar={profile.avatar} size={64} />
        </span>
        <div>
          <p id="farmer-card-name" className="profile-head__name">
            {profile.displayName ?? t("profile.noName")}
          </p>
          <p className="muted mono">{shortAddress(profile.address)}</p>
          <Link to="/verify" data-testid="profile-verify">
            {t("profile.verify")}
          </Link>
        </div>
        <span className="farmer-card__level" aria-hidden="true">
          {profile.level}
        </span>
      </div>
      <LevelProgress xp={profile.xp} level={profile.level} nextLevelXp={profile.nextLevelXp} />
      {almanac ? (
        <div className="farmer-card__almanac" data-slot="almanac">
          {almanac}
        </div>
      ) : null}
    </article>
  );
}
