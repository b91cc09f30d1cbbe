/**
 * The documents travel in one multipart body, in order; the browser reports bytes sent for the whole body. Each
 * document's share is read from its position in it (small part headers ignored), as a fraction 0..1.
 */
export function documentProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const documentsBytes = sizes.reduce((sum, size) => sum + size, 0);
  // Bytes before the first document: the profile JSON and part headers.
  const preamble = Math.max(0, total - documentsBytes);
  let offset = preamble;
  return sizes.map((size) => {
    const sent = Math.min(Math.max(loaded - offset, 0), size);
    offset += size;
    return size === 0 ? 1 : sent / size;
  });
}
