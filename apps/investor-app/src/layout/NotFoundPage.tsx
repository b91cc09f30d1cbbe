import { useT } from "@farm/ui";
import { Link } from "react-router";

export default function NotFoundPage() {
  const t = useT();
  return (
    <section className="card empty">
      <h1>{t("notFound.title")}</h1>
      <Link to="/">{t("notFound.home")}</Link>
    </section>
  );
}
