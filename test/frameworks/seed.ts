/** The people and org the framework examples sign in with on the emulator: one org, an owner and a member. */
import { randomUUID } from "node:crypto";
import type { EmulatorSeed } from "../../src/emulator/index.js";

/** Every seeded person's password. */
export const PASSWORD = "correct horse battery staple";

/** The org both people belong to (its id is made here: nothing in the tests depends on its format). */
export const ORG = { id: randomUUID(), name: "Acme Frameworks" };

/** A second org the owner is only a member of (the org switch changes what the permission check answers). */
export const SECOND_ORG = { id: randomUUID(), name: "Beta Frameworks" };

/**
 * How long an access token lives here: short, so a test sees a session renew across an expiry. The server session
 * refreshes when less than a minute is left, so with it every request through the middleware refreshes.
 */
export const ACCESS_TOKEN_SECONDS = 20;

/** Who signs in, and the other member the member lists must show. */
export const OWNER = "ada@frameworks.example";
export const MEMBER = "grace@frameworks.example";

export const frameworkSeed: EmulatorSeed = {
  users: [
    { email: OWNER, password: PASSWORD, firstName: "Ada" },
    { email: MEMBER, password: PASSWORD, firstName: "Grace" },
  ],
  orgs: [
    {
      ...ORG,
      members: [
        { email: OWNER, role: "Owner" },
        { email: MEMBER, role: "Member" },
      ],
    },
    { ...SECOND_ORG, members: [{ email: OWNER, role: "Member" }] },
  ],
};

/**
 * The second emulator (the app on 127.0.0.1 with the emulator as `localhost`): access tokens that outlive a test
 * and strict rotation (a replaced refresh token is refused at once), so a test sees what a page view costs while the
 * access token is valid, and a refresh token traded behind the browser's back would show at once.
 */
export const longTokenSeed: EmulatorSeed = {
  ...frameworkSeed,
  settings: { accessTokenSeconds: 3600, refreshTokenReuseSeconds: 0 },
};

/** The Next.js example's emulator: the same people and orgs, with short-lived access tokens. */
export const serverSessionSeed: EmulatorSeed = {
  ...frameworkSeed,
  settings: { accessTokenSeconds: ACCESS_TOKEN_SECONDS },
};
