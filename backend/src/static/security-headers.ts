/**
 * Content-Security-Policy of the apps: only their own origin runs scripts and styles (Vite emits no inline script or
 * style; React sets `style` props through the DOM, which CSP allows), and the only other origin they talk to is the
 * chain's public RPC. Nothing may frame them.
 */
export function appContentSecurityPolicy(publicRpcUrl: string): string {
  const rpcOrigin = new URL(publicRpcUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${rpcOrigin}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers on every answer, API and apps alike. */
export const commonSecurityHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
} as const;

/** Headers on the apps' answers besides the CSP. */
export const appSecurityHeaders = {
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
} as const;

/** Only sent over TLS (directly or, with TRUST_PROXY, as the proxy reports): over plain HTTP browsers ignore it. */
export const strictTransportSecurity = "max-age=31536000; includeSubDomains";
