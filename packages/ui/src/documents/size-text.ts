/** File sizes as people read them, in the language's separators: "2,5 MB" (id), "2.5 MB" (en), "300 KB". */
export function sizeText(bytes: number, language: string): string {
  if (bytes >= 1024 * 1024) {
    const megabytes = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return `${megabytes.format(bytes / (1024 * 1024))} MB`;
  }
  return `${new Intl.NumberFormat(language).format(Math.ceil(bytes / 1024))} KB`;
}
