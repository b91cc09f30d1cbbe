/** The query key of `GET /api/auth/session`, apart from the hook so the sign-out helpers can read it too. */
export const sessionQueryKey = ["auth", "session"] as const;
