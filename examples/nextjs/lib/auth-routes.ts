/** Where the auth routes live (`app/auth/[slug]/route.ts`): the server's config and the client provider share it. */
export const AUTH_ROUTES = "/auth";
