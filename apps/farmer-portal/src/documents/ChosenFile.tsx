import { useT } from "@farm/ui";
import { sizeText } from "./size-text";

/** Under a file field: the chosen file's name and size, so the farmer sees the right one was picked. */
export function ChosenFile({ file }: { file: File | null }) {
  const t = useT();
  if (!file) return null;
  return (
    <p className="register-document__file">
      {t("register.document.chosen", { name: file.name, size: sizeText(file.size) })}
    </p>
  );
}
