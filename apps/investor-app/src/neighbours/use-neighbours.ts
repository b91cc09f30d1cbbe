import type { GardenVisibility, HelpResponse, MyTeam, PublicGarden } from "@farm/core";
import { apiFetch, apiGet, apiPost, useSession } from "@farm/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../layout/query-keys";

/** Query keys of the neighbours feature. */
export const neighbourKeys = {
  visibility: ["game", "garden", "visibility"] as const,
  garden: (slug: string) => ["gardens", slug] as const,
  team: ["teams", "mine"] as const,
};

/** GET /api/game/garden/visibility: my garden's visibility and link. */
export function useGardenVisibility() {
  const { session } = useSession();
  return useQuery({
    queryKey: [...neighbourKeys.visibility, session?.address],
    queryFn: ({ signal }) => apiGet<GardenVisibility>("/game/garden/visibility", signal),
    enabled: session !== null,
  });
}

/** PUT /api/game/garden/visibility; the leaderboard shows the link up to 30 s later. */
export function useSetVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPublic: boolean) =>
      apiFetch<GardenVisibility>("/game/garden/visibility", { method: "PUT", body: { public: isPublic } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: neighbourKeys.visibility }),
        queryClient.invalidateQueries({ queryKey: neighbourKeys.team }),
      ]),
  });
}

/** GET /api/gardens/:slug, as the signed-in caller (whether it may help) or a visitor. */
export function usePublicGarden(slug: string) {
  const { session } = useSession();
  return useQuery({
    queryKey: [...neighbourKeys.garden(slug), session?.address],
    queryFn: ({ signal }) => apiGet<PublicGarden>(`/gardens/${encodeURIComponent(slug)}`, signal),
    retry: false,
  });
}

/** POST /api/gardens/:slug/help; refreshes the garden, my XP and my team's event. */
export function useHelp(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<HelpResponse>(`/gardens/${encodeURIComponent(slug)}/help`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: neighbourKeys.garden(slug) }),
        queryClient.invalidateQueries({ queryKey: neighbourKeys.team }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
      ]),
  });
}

/** GET /api/teams/mine: my neighbourhood and ribbons. */
export function useMyTeam() {
  const { session } = useSession();
  return useQuery({
    queryKey: [...neighbourKeys.team, session?.address],
    queryFn: ({ signal }) => apiGet<MyTeam>("/teams/mine", signal),
    enabled: session !== null,
  });
}

type TeamAction = { kind: "create"; name: string } | { kind: "join"; code: string } | { kind: "leave" };

/** Starts, joins or leaves a neighbourhood; the answer (or a refetch after leaving) is the team's new state. */
export function useTeamAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: TeamAction): Promise<MyTeam | null> => {
      if (action.kind === "create") return apiPost<MyTeam>("/teams", { name: action.name });
      if (action.kind === "join") return apiPost<MyTeam>("/teams/join", { code: action.code });
      await apiFetch<undefined>("/teams/mine", { method: "DELETE" });
      return null;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: neighbourKeys.team }),
  });
}
