/** The auth routes: /api/auth/login, signup, callback, userinfo, logout and set-active-org. */
import { getRouteHandlers } from "orgauth/nextjs";

export const { GET, POST } = getRouteHandlers();
