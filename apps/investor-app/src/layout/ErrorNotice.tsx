import { apiErrorMessage, Notice, useT } from "@farm/ui";

/** An API error in the user's words, announced to screen readers. */
export function ErrorNotice({ error }: { error: unknown }) {
  const t = useT();
  return <Notice tone="error">{apiErrorMessage(error, t)}</Notice>;
}
