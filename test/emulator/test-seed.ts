import { demoSeed, DEMO_PASSWORD, type EmulatorSeed } from "../../src/emulator/index.js";
import { DEMO_IDS } from "../../src/emulator/seeds/demo-seed.js";

/** The demo seed plus Una, whose e-mail is not confirmed yet (an Acme member). */
export const testSeed: EmulatorSeed = {
  ...demoSeed,
  users: [
    ...(demoSeed.users ?? []),
    {
      id: "f99ac94a-58ae-4708-8601-1471f5a5209f",
      email: "una@acme.example",
      password: DEMO_PASSWORD,
      emailConfirmed: false,
    },
  ],
  orgs: (demoSeed.orgs ?? []).map((org) =>
    org.id === DEMO_IDS.acme
      ? { ...org, members: [...(org.members ?? []), { email: "una@acme.example", role: "Member" }] }
      : org,
  ),
};

/** Mallory's TOTP secret in the demo seed. */
export const MALLORY_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
