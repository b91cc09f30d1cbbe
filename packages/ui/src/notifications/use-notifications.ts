import type { NotificationInbox, NotificationPreferences, NotificationPreferencesUpdate } from "@farm/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, apiGet, apiPost } from "../api/client";
import { useSession } from "../session/use-session";

const keys = {
  unread: ["notifications", "unread"] as const,
  inbox: ["notifications", "inbox"] as const,
  preferences: ["notifications", "preferences"] as const,
  dead: ["notifications", "dead"] as const,
};

/** The header's unread count, refreshed every 30 s while signed in. */
export function useUnreadCount() {
  const { session } = useSession();
  return useQuery({
    queryKey: [...keys.unread, session?.address],
    queryFn: ({ signal }) => apiGet<{ unread: number }>("/notifications/unread", signal),
    enabled: session != null,
    refetchInterval: 30_000,
  });
}

export function useInbox() {
  const { session } = useSession();
  return useQuery({
    queryKey: [...keys.inbox, session?.address],
    queryFn: ({ signal }) => apiGet<NotificationInbox>("/notifications?limit=50", signal),
    enabled: session != null,
    refetchInterval: 15_000,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids: string[] } | { all: true }) =>
      apiPost<{ unread: number }>("/notifications/read", which),
    onSuccess: () => client.invalidateQueries({ queryKey: ["notifications"] }),
  });
}

export function usePreferences() {
  const { session } = useSession();
  return useQuery({
    queryKey: [...keys.preferences, session?.address],
    queryFn: ({ signal }) => apiGet<NotificationPreferences>("/notifications/preferences", signal),
    enabled: session != null,
  });
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: NotificationPreferencesUpdate) =>
      apiFetch<NotificationPreferences>("/notifications/preferences", { method: "PUT", body: update }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.preferences }),
  });
}

export type DeadNotification = { id: string; kind: string; attempts: number; lastError: string | null };

export function useDeadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: keys.dead,
    queryFn: ({ signal }) => apiGet<{ items: DeadNotification[] }>("/admin/notifications/dead", signal),
    enabled,
  });
}

export function useRetryDead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<{ retried: boolean }>(`/admin/notifications/${id}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.dead }),
  });
}
