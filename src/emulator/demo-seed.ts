import type { EmulatorSeed } from "./seed.js";

/** The password of every demo user. */
export const DEMO_PASSWORD = "orgauth-demo";

/**
 * The demo's people and orgs: Ada owns Acme and is a member (with Billing) of Globex; Grace and Alan work at Acme;
 * Initech and Umbrella take anyone at acme.example; Acme has SAML, a pending and an expired invitation.
 * Mallory's MFA secret is published here so the demo and tests can compute codes.
 */
export const demoSeed: EmulatorSeed = {
  users: [
    {
      id: "usr_01ada",
      email: "ada@acme.example",
      password: DEMO_PASSWORD,
      username: "ada",
      firstName: "Ada",
      lastName: "Lovelace",
      properties: { favorite_color: "teal", plan_tier: "pro" },
    },
    { id: "usr_03grace", email: "grace@acme.example", password: DEMO_PASSWORD, firstName: "Grace", lastName: "Hopper" },
    { id: "usr_04alan", email: "alan@acme.example", password: DEMO_PASSWORD, firstName: "Alan", lastName: "Turing" },
    { id: "usr_05hank", email: "hank@globex.example", password: DEMO_PASSWORD, firstName: "Hank", lastName: "Scorpio" },
    { id: "usr_02new", email: "newcomer@gmail.example", password: DEMO_PASSWORD, legacyUserId: "legacy-1001" },
    {
      id: "usr_06mallory",
      email: "mallory@acme.example",
      password: DEMO_PASSWORD,
      firstName: "Mallory",
      mfaSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      backupCodes: ["0000-0001", "0000-0002", "0000-0003"],
    },
  ],
  orgs: [
    {
      id: "org_acme",
      name: "Acme Inc.",
      domain: "acme.example",
      samlEnabled: true,
      metadata: { billing_plan: "enterprise" },
      members: [
        { email: "ada@acme.example", role: "Owner" },
        { email: "grace@acme.example", role: "Admin" },
        { email: "alan@acme.example", role: "Member" },
        { email: "mallory@acme.example", role: "Member" },
      ],
      invitations: [
        { email: "linus@acme.example", role: "Member" },
        { email: "dennis@acme.example", role: "Member", expiresInSeconds: -86_400 },
      ],
    },
    {
      id: "org_globex",
      name: "Globex Corporation",
      domain: "globex.example",
      roleStructure: "multi_role",
      legacyOrgId: "globex-42",
      members: [
        { email: "hank@globex.example", role: "Owner" },
        { email: "ada@acme.example", role: "Member", additionalRoles: ["Billing"] },
      ],
    },
    {
      id: "org_initech",
      name: "Initech",
      domain: "acme.example",
      autojoinByDomain: true,
      members: [{ email: "hank@globex.example", role: "Owner" }],
    },
    {
      id: "org_umbrella",
      name: "Umbrella Corporation",
      domain: "acme.example",
      autojoinByDomain: true,
      maxUsers: 1,
      members: [{ email: "hank@globex.example", role: "Owner" }],
    },
  ],
};
