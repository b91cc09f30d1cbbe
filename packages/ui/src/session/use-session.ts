import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { ApiError } from "../api/api-error";
import { apiGet, apiPost } from "../api/client";
import { clearPrivateData } from "./clear-private-data";
import { sessionQueryKey } from "./session-key";

export { sessionQueryKey };

/** Who is signed in (`GET /api/auth/session`); roles come from the chain through the backend, e.g. "admin". */
export type Session = { address: Address; roles: string[] };

async function fetchSession(signal: AbortSignal): Promise<Session | null> {
  try {
    return await apiGet<Session>("/auth/session", signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The current session (null when signed out) and a logout action. */
export function useSession() {
  const queryClient = useQueryClient();
  const session = useQuery({ queryKey: sessionQueryKey, queryFn: ({ signal }) => fetchSession(signal) });
  const logout = useMutation({
    mutationFn: () => apiPost<void>("/auth/logout"),
    onSettled: () => clearPrivateData(queryClient),
  });
  return {
    session: session.data ?? null,
    isLoading: session.isLoading,
    error: session.error,
    isAdmin: session.data?.roles.includes("admin") ?? false,
    logout: () => logout.mutateAsync(),
    refresh: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  };
}
