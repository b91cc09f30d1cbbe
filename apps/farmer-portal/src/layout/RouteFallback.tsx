import { useT } from "@farm/ui";

export function RouteFallback() {
  const t = useT();
  return (
    <p role="status" className="portal-loading">
      {t("common.loading")}
    </p>
  );
}
