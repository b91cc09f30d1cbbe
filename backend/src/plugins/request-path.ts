/**
 * A request's path as the router and the apps read it, whatever its spelling: decoded (up to three rounds, so `%2561`
 * is `a`), dot segments resolved, slashes collapsed, lower-cased, without its query or a trailing slash. For
 * comparing paths only (rate limits, log redaction): a token in it is lower-cased too.
 */
export function canonicalPath(url: string): string {
  let path = url.split(/[?#]/)[0] ?? "";
  for (let round = 0; round < 3; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  path = new URL(path.replace(/[\\/]+/g, "/"), "http://farm.invalid").pathname.toLowerCase();
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}
