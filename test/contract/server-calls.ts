import * as server from "../../src/generated/server-operations.js";
import type { ServerOperationId } from "../../src/generated/server-operations.js";
import type { RequestOptions } from "../../src/transport/index.js";
import type { ServerTransport } from "../../src/transport/server-transport.js";

/** The access token the userinfo call is made with (Prism only checks that a bearer is there). */
export const TEST_ACCESS_TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.c2lnbmF0dXJl";

/** One valid call of every server operation; the mapped type makes the compiler insist that none is missing. */
export const serverCalls: {
  [Op in ServerOperationId]: (t: ServerTransport, o?: RequestOptions) => Promise<unknown>;
} = {
  ssrToken: (t, o) =>
    server.ssrToken(t, { body: { redirect_uri: "https://app.example.com/api/auth/callback", code: "c0de" } }, o),
  backendRefreshToken: (t, o) =>
    server.backendRefreshToken(
      t,
      {
        query: { with_active_org_support: true, active_org_id: "db3d2259-de43-402a-ab06-0de8cd905202" },
        body: { refresh_token: "rt_1" },
      },
      o,
    ),
  backendLogout: (t, o) => server.backendLogout(t, { body: { refresh_token: "rt_1" } }, o),
  oauthUserinfo: (t, o) => server.oauthUserinfo(t, { accessToken: TEST_ACCESS_TOKEN }, o),
};
