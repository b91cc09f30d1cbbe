import type { MyTeam } from "@farm/core";
import { Notice, useT } from "@farm/ui";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { AvatarBadge } from "../avatar/AvatarBadge";
import "../i18n/neighbours";
import { ErrorNotice } from "../layout/ErrorNotice";
import { SignInRequired } from "../layout/SignInRequired";
import { useGardenVisibility, useMyTeam, useSetVisibility, useTeamAction } from "./use-neighbours";
import "./neighbours.css";

/** My garden's visibility: plain words on what becomes public, one button to switch, the link when public. */
function GardenVisibilityCard() {
  const t = useT();
  const visibility = useGardenVisibility();
  const change = useSetVisibility();
  const data = visibility.data;
  return (
    <section className="card stack" aria-labelledby="visibility-title">
      <h2 id="visibility-title">{t("neighbours.visibility.title")}</h2>
      {visibility.error && <ErrorNotice error={visibility.error} />}
      {data && (
        <>
          <p>
            <strong>
              {t(data.public ? "neighbours.visibility.public" : "neighbours.visibility.private")}
            </strong>
          </p>
          <p className="muted">{t("neighbours.visibility.explain")}</p>
          <button
            type="button"
            className={data.public ? "button button--quiet" : "button"}
            disabled={change.isPending}
            onClick={() => change.mutate(!data.public)}
          >
            {t(data.public ? "neighbours.visibility.makePrivate" : "neighbours.visibility.makePublic")}
          </button>
          {data.public && data.slug && (
            <Link to={`/gardens/${data.slug}`}>{t("neighbours.visibility.open")}</Link>
          )}
        </>
      )}
      {change.error && <ErrorNotice error={change.error} />}
    </section>
  );
}

/** Start a neighbourhood by name, or join one by its invite code. */
function TeamForms() {
  const t = useT();
  const action = useTeamAction();
  const [name, setName] = useState("");
  const [code, setCode] = useState("");
  const submit = (event: FormEvent, run: () => void) => {
    event.preventDefault();
    run();
  };
  return (
    <>
      <p>{t("neighbours.team.none")}</p>
      <form
        className="neighbour-form"
        onSubmit={(event) => submit(event, () => action.mutate({ kind: "create", name }))}
      >
        <label>
          {t("neighbours.team.name")}
          <input value={name} onChange={(event) => setName(event.target.value)} maxLength={30} required />
          <span className="muted small">{t("neighbours.team.nameHint")}</span>
        </label>
        <button type="submit" className="button" disabled={action.isPending}>
          {t("neighbours.team.create")}
        </button>
      </form>
      <form
        className="neighbour-form"
        onSubmit={(event) => submit(event, () => action.mutate({ kind: "join", code }))}
      >
        <label>
          {t("neighbours.team.code")}
          <input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            maxLength={8}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            required
          />
        </label>
        <button type="submit" className="button" disabled={action.isPending}>
          {t("neighbours.team.join")}
        </button>
      </form>
      {action.error && <ErrorNotice error={action.error} />}
    </>
  );
}

/** My neighbourhood: this week's event, the members and their public gardens, the invite code, leaving. */
function TeamCard({ team }: { team: NonNullable<MyTeam["team"]> }) {
  const t = useT();
  const leave = useTeamAction();
  const { event } = team;
  return (
    <>
      <h3>{team.name}</h3>
      <div className="stack">
        <h4>{t("neighbours.event.title")}</h4>
        <progress className="team-progress" max={event.goal} value={Math.min(event.points, event.goal)} />
        <p>{t("neighbours.event.progress", { points: event.points, goal: event.goal })}</p>
        {event.reached ? (
          <Notice tone="success">{t("neighbours.event.reached")}</Notice>
        ) : (
          <p className="muted small">{t("neighbours.event.explain")}</p>
        )}
      </div>
      <h4>{t("neighbours.team.members", { count: team.members.length, max: team.maxMembers })}</h4>
      <ul className="neighbour-members">
        {team.members.map((member, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: members carry no address (privacy); the order is stable
          <li key={i} className="neighbour-member">
            <AvatarBadge avatar={member.avatar} />
            <span>
              {member.name ?? t("neighbours.anonymous")}
              {member.isMe && <span className="tag">{t("neighbours.team.you")}</span>}
            </span>
            {member.garden ? (
              <Link to={`/gardens/${member.garden}`}>{t("neighbours.team.visit")}</Link>
            ) : (
              <span className="muted small">{t("neighbours.team.private")}</span>
            )}
          </li>
        ))}
      </ul>
      <p className="mono">{t("neighbours.team.invite", { code: team.inviteCode, max: team.maxMembers })}</p>
      <button
        type="button"
        className="button button--quiet"
        disabled={leave.isPending}
        onClick={() => leave.mutate({ kind: "leave" })}
      >
        {t("neighbours.team.leave")}
      </button>
      {leave.error && <ErrorNotice error={leave.error} />}
    </>
  );
}

function TeamSection() {
  const t = useT();
  const team = useMyTeam();
  return (
    <section className="card stack" aria-labelledby="team-title">
      <h2 id="team-title">{t("neighbours.team.title")}</h2>
      {team.isPending && <p role="status">{t("common.loading")}</p>}
      {team.error && <ErrorNotice error={team.error} />}
      {team.data && (team.data.team ? <TeamCard team={team.data.team} /> : <TeamForms />)}
      {team.data && (
        <div>
          <h3>{t("neighbours.ribbons.title")}</h3>
          {team.data.ribbons.length === 0 ? (
            <p className="muted small">{t("neighbours.ribbons.none")}</p>
          ) : (
            <ul>
              {team.data.ribbons.map((ribbon) => (
                <li key={ribbon.week}>{t("neighbours.ribbons.week", { week: ribbon.week })}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

/** /neighbours: my garden's visibility, my neighbourhood and its weekly event, members' public gardens. */
export default function NeighboursPage() {
  const t = useT();
  return (
    <section aria-labelledby="neighbours-title" className="stack neighbours">
      <h1 id="neighbours-title">{t("neighbours.title")}</h1>
      <p className="muted">{t("neighbours.intro")}</p>
      <SignInRequired>
        <GardenVisibilityCard />
        <TeamSection />
      </SignInRequired>
    </section>
  );
}
