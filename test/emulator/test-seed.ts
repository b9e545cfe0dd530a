import { demoSeed, DEMO_PASSWORD, type EmulatorSeed } from "../../src/emulator/index.js";

/** The demo seed plus Una, whose e-mail is not confirmed yet (an Acme member). */
export const testSeed: EmulatorSeed = {
  ...demoSeed,
  users: [
    ...(demoSeed.users ?? []),
    { id: "usr_07una", email: "una@acme.example", password: DEMO_PASSWORD, emailConfirmed: false },
  ],
  orgs: (demoSeed.orgs ?? []).map((org) =>
    org.id === "org_acme"
      ? { ...org, members: [...(org.members ?? []), { email: "una@acme.example", role: "Member" }] }
      : org,
  ),
};

/** Mallory's TOTP secret in the demo seed. */
export const MALLORY_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
