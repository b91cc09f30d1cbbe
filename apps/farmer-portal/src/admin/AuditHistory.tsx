import { ApiErrorText, apiGet, Notice, useT } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";

/** A list of admin decisions read from an audit endpoint (`{ items }`), newest first; each caller words its items. */
export function AuditHistory<Item>({
  id,
  title,
  queryKey,
  path,
  testId,
  renderItem,
}: {
  id: string;
  title: string;
  queryKey: readonly unknown[];
  path: string;
  testId: string;
  renderItem: (item: Item) => ReactNode;
}) {
  const t = useT();
  const history = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiGet<{ items: Item[] }>(path, signal),
  });
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {history.error ? (
        <Notice tone="error">
          <ApiErrorText error={history.error} />
        </Notice>
      ) : null}
      {history.data?.items.length === 0 ? <p>{t("admin.history.empty")}</p> : null}
      {history.data && history.data.items.length > 0 ? (
        <ul className="decision-history">{history.data.items.map(renderItem)}</ul>
      ) : null}
    </section>
  );
}
