/** The auth routes: /auth/login, signup, callback, userinfo, logout and set-active-org. */
import { orgauth } from "../../../lib/orgauth";

export const { GET, POST } = orgauth.handlers;
