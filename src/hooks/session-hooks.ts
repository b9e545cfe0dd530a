// orgauth/react's session hooks and guard without TanStack Query, built as a file of its own
// (`react-session-hooks`, marked "use client"): orgauth/nextjs/client re-exports them from it, so a session-only
// Next.js app resolves no @tanstack/react-query, and a page that uses none of them loads none of it (the hosted
// pages' URL builders they reach stay a later chunk of the redirect functions).
export {
  useAccessHelper,
  useActiveOrg,
  useAuthInfo,
  useAuthUrl,
  useHostedPageUrls,
  useOrgHelper,
} from "./auth-hooks.js";
export { RequireAuth } from "./require-auth.js";
