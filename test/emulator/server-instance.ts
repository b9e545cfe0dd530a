/**
 * One app server instance in its own process (run by tsx): `orgauth/server` with the options in the environment
 * variable ORGAUTH_SERVER_OPTIONS (JSON), answering each HTTP request with what `handleRequest` made of its cookies
 * (`{ setCookies, email }`), or under `/app/` with what a page load through the Next.js middleware came to
 * (page-load.ts). It listens on 127.0.0.1, prints its URL, and stops when its stdin closes.
 */
import { createServer } from "node:http";
import { createServerAuth } from "../../src/server/index.js";
import { pageLoader } from "./page-load.js";

const options = JSON.parse(process.env.ORGAUTH_SERVER_OPTIONS ?? "{}");
const auth = createServerAuth(options);
const loadPage = pageLoader(auth, new URL(options.redirectUri).origin);
const server = createServer((incoming, response) => {
  const request = new Request(`http://localhost${incoming.url ?? "/"}`, {
    headers: { cookie: incoming.headers.cookie ?? "" },
  });
  const pageLoad = incoming.url?.startsWith("/app/");
  (pageLoad ? loadPage(incoming.url ?? "/", incoming.headers.cookie ?? "") : auth.handleRequest(request)).then(
    (update) => {
      response.setHeader("Content-Type", "application/json");
      const answer = "status" in update ? update : { setCookies: update.setCookies, email: update.user?.email ?? null };
      response.end(JSON.stringify(answer));
    },
    (error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    },
  );
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") console.log(`listening http://127.0.0.1:${address.port}`);
});
process.stdin.on("end", () => server.close(() => process.exit(0)));
process.stdin.resume();
