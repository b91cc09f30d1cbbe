import { useI18n } from "../i18n/I18nProvider";
import { wordPack } from "../i18n/word-packs";
import { fileWords } from "./file-words";
import { sizeText } from "./size-text";

// Named, not a bare import: @farm/ui is free of side effects for the bundler, which would drop an unused module.
wordPack(fileWords);

/** Under a file field: the chosen file's name and size, so the user sees the right one was picked. */
export function ChosenFile({ file, className }: { file: File | null; className?: string }) {
  const { language, t } = useI18n();
  if (!file) return null;
  return (
    <p className={className}>{t("file.chosen", { name: file.name, size: sizeText(file.size, language) })}</p>
  );
}
