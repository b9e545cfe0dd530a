/**
 * The two Next.js apps bench/first-html.ts compares: the same minimal App Router app (a root layout with the client
 * provider, a signed-in dashboard that shows the user's e-mail and first org, a profile page with a client component
 * that shows the user too, the auth routes and the middleware), once on orgauth/nextjs (as docs/nextjs.md sets it up:
 * `createOrgauth`, `clientProps`) and once on `@propelauth/nextjs` (as its README does). orgauth's layout also reads
 * the user on the server and hands it to its provider (so its client component is signed in in the first HTML); the
 * provider's client component shows "Loading…" there. A third app without auth is the baseline the browser JS of each is measured over.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const MATCHER = `["/((?!_next/static|_next/image|favicon.ico).*)"]`;

const COMMON: Record<string, string> = {
  "package.json": JSON.stringify({ name: "first-html", private: true, type: "module" }),
  "next.config.mjs": "export default { reactStrictMode: true };\n",
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      lib: ["dom", "dom.iterable", "ES2022"],
      module: "esnext",
      moduleResolution: "bundler",
      jsx: "preserve",
      strict: true,
      noEmit: true,
      isolatedModules: true,
      esModuleInterop: true,
      skipLibCheck: true,
      plugins: [{ name: "next" }],
    },
    include: ["**/*.ts", "**/*.tsx"],
    exclude: ["node_modules"],
  }),
};

const ORGAUTH: Record<string, string> = {
  "lib/orgauth.ts": `import { createOrgauth } from "orgauth/nextjs";
export const orgauth = createOrgauth();
`,
  "middleware.ts": `import { orgauth } from "./lib/orgauth";
export const middleware = orgauth.middleware();
export const config = { runtime: "nodejs", matcher: ${MATCHER} };
`,
  "app/api/auth/[slug]/route.ts": `import { orgauth } from "../../../../lib/orgauth";
export const { GET, POST } = orgauth.handlers;
`,
  "app/providers.tsx": `"use client";
import { AuthProvider, type ClientSessionProps } from "orgauth/nextjs/client";
import type { ReactNode } from "react";
export function Providers({ session, children }: { session: ClientSessionProps; children: ReactNode }) {
  return <AuthProvider {...session}>{children}</AuthProvider>;
}
`,
  "app/layout.tsx": `import type { ReactNode } from "react";
import { orgauth } from "../lib/orgauth";
import { Providers } from "./providers";
export const dynamic = "force-dynamic";
export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await orgauth.getUser();
  return <html lang="en"><body><Providers session={orgauth.clientProps(user)}>{children}</Providers></body></html>;
}
`,
  "app/dashboard/page.tsx": `import { orgauth } from "../../lib/orgauth";
export default async function Dashboard() {
  const user = await orgauth.getUserOrRedirect();
  return <main><p data-testid="server-user">{user.email} in {user.getOrgs()[0]?.orgName ?? "no organisation"}</p></main>;
}
`,
  "app/profile/page.tsx": `import { orgauth } from "../../lib/orgauth";
import { Me } from "./me";
export default async function Profile() {
  const user = await orgauth.getUserOrRedirect();
  return <main><p data-testid="server-user">{user.email}</p><Me /></main>;
}
`,
  "app/profile/me.tsx": `"use client";
import { useUser } from "orgauth/nextjs/client";
export function Me() {
  const auth = useUser();
  return <p data-testid="client-user">{auth.isLoggedIn ? auth.user.email : "Signed out"}</p>;
}
`,
};

const VENDOR: Record<string, string> = {
  "middleware.ts": `import { authMiddleware } from "@propelauth/nextjs/server/app-router";
export const middleware = authMiddleware;
export const config = { runtime: "nodejs", matcher: ${MATCHER} };
`,
  "app/api/auth/[slug]/route.ts": `import { getRouteHandlers } from "@propelauth/nextjs/server/app-router";
const routeHandlers = getRouteHandlers({});
// the Next.js 15 pair (params is a promise there), as its README names them
export const GET = routeHandlers.getRouteHandlerAsync;
export const POST = routeHandlers.postRouteHandlerAsync;
`,
  "app/layout.tsx": `import { AuthProvider } from "@propelauth/nextjs/client";
import type { ReactNode } from "react";
export const dynamic = "force-dynamic";
export default function RootLayout({ children }: { children: ReactNode }) {
  const env = process.env;
  return <html lang="en"><body><AuthProvider authUrl={env.NEXT_PUBLIC_AUTH_URL!}>{children}</AuthProvider></body></html>;
}
`,
  "app/dashboard/page.tsx": `import { getUserOrRedirect } from "@propelauth/nextjs/server/app-router";
export default async function Dashboard() {
  const user = await getUserOrRedirect();
  return <main><p data-testid="server-user">{user.email} in {user.getOrgs()[0]?.orgName ?? "no organisation"}</p></main>;
}
`,
  "app/profile/page.tsx": `import { getUserOrRedirect } from "@propelauth/nextjs/server/app-router";
import { Me } from "./me";
export default async function Profile() {
  const user = await getUserOrRedirect();
  return <main><p data-testid="server-user">{user.email}</p><Me /></main>;
}
`,
  "app/profile/me.tsx": `"use client";
import { useUser } from "@propelauth/nextjs/client";
export function Me() {
  const { loading, user } = useUser();
  return <p data-testid="client-user">{loading ? "Loading…" : (user?.email ?? "Signed out")}</p>;
}
`,
};

/** The same app without auth (no provider, no routes, no middleware): the baseline of the browser-JS row. */
export const NO_AUTH_APP: Record<string, string> = {
  "app/layout.tsx": `import type { ReactNode } from "react";
export const dynamic = "force-dynamic";
export default function RootLayout({ children }: { children: ReactNode }) {
  return <html lang="en"><body>{children}</body></html>;
}
`,
  "app/dashboard/page.tsx": `export default function Dashboard() {
  return <main><p data-testid="server-user">someone in no organisation</p></main>;
}
`,
};

/** The two contenders by name, and what each app's files hold. */
export const FIRST_HTML_APPS = { orgauth: ORGAUTH, "@propelauth/nextjs": VENDOR } as const;

/** Writes one of the apps into `dir` (inside the packed app, so it resolves the packed package). */
export function writeFirstHtmlApp(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries({ ...COMMON, ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}
