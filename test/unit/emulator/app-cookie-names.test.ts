/** The emulator's browser sign-in mints a server-session app's cookies under the names orgauth/nextjs reads. */
import { expect, it } from "vitest";
import { APP_SESSION_COOKIES } from "../../../src/emulator/routes/browser-sign-in.js";
import { SESSION_COOKIES } from "../../../src/server/cookie-store.js";

it("POST /__emulator/sign-in names the app's cookies as the server session does", () => {
  const { accessToken, refreshToken, activeOrgId } = SESSION_COOKIES;
  expect(APP_SESSION_COOKIES).toEqual({ accessToken, refreshToken, activeOrgId });
});
