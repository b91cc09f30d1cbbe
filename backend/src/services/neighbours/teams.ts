import {
  MS_PER_DAY,
  type MyTeam,
  seasonOf,
  TEAM_MAX_MEMBERS,
  TEAM_WEEK_REWARD,
  teamGoal,
  teamGoalSql,
} from "@farm/core";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import { conflict, notFound } from "../../errors";
import { isUniqueViolation } from "../../errors/pg";
import { randomBase32 } from "./gardens";

const alreadyInTeam = () => conflict("You are already in a neighbourhood: leave it first", "ALREADY_IN_TEAM");

/** The constraint a unique violation broke, whether the driver error is thrown as is or wrapped by Drizzle. */
function constraintOf(error: unknown): string {
  for (let current: unknown = error; typeof current === "object" && current !== null; ) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return "";
}

/** The player's team id, or null. */
async function teamIdOf(db: Executor, address: string): Promise<string | null> {
  const [row] = await queryRows<{ team_id: string }>(
    db,
    sql`select team_id from team_members where address = ${address}`,
  );
  return row?.team_id ?? null;
}

/** POST /api/teams: a new neighbourhood with the caller as its first member. 409 when in one, or the name is taken. */
export async function createTeam(db: Executor, address: string, name: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [team] = await queryRows<{ id: string }>(
        tx,
        sql`insert into teams (name, invite_code, member_count, created_by)
          values (${name}, ${randomBase32(5)}, 1, ${address}) returning id`,
      );
      await tx.execute(sql`insert into team_members (address, team_id) values (${address}, ${team?.id})`);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (constraintOf(error) === "teams_name_idx")
      throw conflict("A neighbourhood of this name exists: choose another name", "TEAM_NAME_TAKEN");
    if (constraintOf(error) === "team_members_pkey") throw alreadyInTeam();
    throw error;
  }
}

/**
 * POST /api/teams/join: joins the team of the invite code. The member count moves under the team row's lock with its
 * limit in the UPDATE's condition, so concurrent joins never pass TEAM_MAX_MEMBERS. 404 for an unknown code, 409 when
 * already in a team or the team is full.
 */
export async function joinTeam(db: Executor, address: string, code: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [team] = await queryRows<{ id: string; member_count: number }>(
        tx,
        sql`select id, member_count from teams where invite_code = ${code}`,
      );
      if (!team) throw notFound("No neighbourhood has this invite code");
      await tx.execute(sql`insert into team_members (address, team_id) values (${address}, ${team.id})`);
      const [moved] = await queryRows<{ id: string }>(
        tx,
        sql`update teams set member_count = member_count + 1
          where id = ${team.id} and member_count < ${TEAM_MAX_MEMBERS} returning id`,
      );
      if (!moved) throw conflict(`This neighbourhood is full (${TEAM_MAX_MEMBERS} members)`, "TEAM_FULL");
    });
  } catch (error) {
    if (isUniqueViolation(error) && constraintOf(error) === "team_members_pkey") throw alreadyInTeam();
    throw error;
  }
}

/** DELETE /api/teams/mine: leaves the neighbourhood; the last member out closes it. Ribbons stay. 404 when in none. */
export async function leaveTeam(db: Executor, address: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [left] = await queryRows<{ team_id: string }>(
      tx,
      sql`delete from team_members where address = ${address} returning team_id`,
    );
    if (!left) throw notFound("You are not in a neighbourhood");
    await tx.execute(sql`
      with t as (update teams set member_count = member_count - 1 where id = ${left.team_id} returning id, member_count)
      delete from teams where id in (select id from t where member_count <= 0)`);
  });
}

/** The points of a team in the week starting on UTC day `start`: its members' waterings and helps given since joining. */
function weekPointsSql(teamId: string, start: number) {
  const end = start + 7;
  const from = sql`greatest(${start}::int, floor(extract(epoch from m.joined_at) / 86400)::int)`;
  return sql`(select coalesce(sum(
      (select count(*) from waterings w where w.address = m.address and w.day >= ${from} and w.day < ${end}::int)
      + (select count(*) from garden_helps h where h.helper = m.address and h.day >= ${from} and h.day < ${end}::int)
    ), 0)::int from team_members m where m.team_id = ${teamId}::uuid)`;
}

/**
 * Records the week as reached when the team's points meet its goal (teamGoalSql of the members now), once: the
 * team_weeks row is written the first time, and with it the ribbon of every member then in the team (once per player
 * and week, kept forever, whatever team it was).
 */
async function recordWeek(
  db: Executor,
  teamId: string,
  week: string,
  start: number,
  now: Date,
): Promise<void> {
  const members = sql`(select count(*)::int from team_members where team_id = ${teamId}::uuid)`;
  await db.execute(sql`
    with reached as (
      insert into team_weeks (team_id, week, goal, reached_at)
      select ${teamId}::uuid, ${week}, ${teamGoalSql(sql, members)}, ${now.toISOString()}::timestamptz
      where ${weekPointsSql(teamId, start)} >= ${teamGoalSql(sql, members)}
      on conflict do nothing
      returning team_id, week
    )
    insert into team_rewards (address, week, reward, team_id, awarded_at)
    select m.address, r.week, ${TEAM_WEEK_REWARD}, r.team_id, ${now.toISOString()}::timestamptz
    from reached r join team_members m on m.team_id = r.team_id
    on conflict do nothing`);
}

interface MemberRow {
  address: string;
  display_name: string | null;
  avatar: string | null;
  garden: string | null;
}

/**
 * GET /api/teams/mine: my neighbourhood, its members (names, avatars and public gardens: never an address) and this
 * week's event; last week's and this week's goals are recorded first if reached (a week is decided when a member next
 * looks, up to a week after it ends). Ribbons are every week my teams reached, kept when I leave.
 */
export async function readMyTeam(db: Executor, address: string, now: Date): Promise<MyTeam> {
  const teamId = await teamIdOf(db, address);
  const season = seasonOf(now);
  const start = Math.floor(season.startsAt.getTime() / MS_PER_DAY);
  let team: MyTeam["team"] = null;
  if (teamId !== null) {
    const last = seasonOf(new Date(season.startsAt.getTime() - MS_PER_DAY));
    await recordWeek(db, teamId, last.id, start - 7, now);
    await recordWeek(db, teamId, season.id, start, now);
    const [facts] = await queryRows<{ name: string; invite_code: string; points: number; reached: boolean }>(
      db,
      sql`select t.name, t.invite_code, ${weekPointsSql(teamId, start)} as points,
          exists (select 1 from team_weeks w where w.team_id = t.id and w.week = ${season.id}) as reached
        from teams t where t.id = ${teamId}::uuid`,
    );
    const members = await queryRows<MemberRow>(
      db,
      sql`select m.address, p.display_name, p.avatar,
          case when n.garden_public then n.garden_slug end as garden
        from team_members m
        left join players p on p.address = m.address
        left join neighbours n on n.address = m.address
        where m.team_id = ${teamId}::uuid
        order by m.joined_at, m.address`,
    );
    if (facts)
      team = {
        name: facts.name,
        inviteCode: facts.invite_code,
        maxMembers: TEAM_MAX_MEMBERS,
        members: members.map((member) => ({
          name: member.display_name,
          avatar: member.avatar,
          garden: member.garden,
          isMe: member.address === address,
        })),
        event: {
          week: season.id,
          endsAt: season.endsAt.toISOString(),
          goal: teamGoal(members.length),
          points: facts.points,
          reached: facts.reached,
        },
      };
  }
  const ribbons = await queryRows<{ week: string; reward: string }>(
    db,
    sql`select week, reward from team_rewards where address = ${address} order by week desc`,
  );
  return { team, ribbons };
}
