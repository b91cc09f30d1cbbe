import { ApiErrorText, Notice } from "@farm/ui";

/** An API error in the user's words (a 429's wait counting down), announced to screen readers. */
export function ErrorNotice({ error }: { error: unknown }) {
  return (
    <Notice tone="error">
      <ApiErrorText error={error} />
    </Notice>
  );
}
