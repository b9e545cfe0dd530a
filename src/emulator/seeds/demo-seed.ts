import type { EmulatorSeed } from "./seed.js";

/** The ids of the demo's people and orgs: UUIDs, as the provider issues them. */
export const DEMO_IDS = {
  ada: "2a0981ee-7d41-4b5f-bfeb-fcfb65e4a5ec",
  newcomer: "76dac289-b3ab-46e8-a926-cfe9ee82a564",
  grace: "5b2fc6fa-dad0-44d0-ad6b-efc179566d73",
  alan: "be72e5a4-0d97-4c90-b687-0d840c873c01",
  hank: "007f1efd-9763-4fb6-89b6-4270106e6c7c",
  mallory: "063dcd02-5079-4840-84e6-0d9edda0e416",
  acme: "db3d2259-de43-402a-ab06-0de8cd905202",
  globex: "cc80f47d-a6d4-4cdb-a946-cfda29dda3b7",
  initech: "ca387bcd-84a4-4435-9450-e4881c19f120",
  umbrella: "d81b4da0-2555-4659-b43a-af6a190d51b4",
} as const;

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
      id: DEMO_IDS.ada,
      email: "ada@acme.example",
      password: DEMO_PASSWORD,
      username: "ada",
      firstName: "Ada",
      lastName: "Lovelace",
      properties: { favorite_color: "teal", plan_tier: "pro" },
    },
    {
      id: DEMO_IDS.grace,
      email: "grace@acme.example",
      password: DEMO_PASSWORD,
      firstName: "Grace",
      lastName: "Hopper",
    },
    { id: DEMO_IDS.alan, email: "alan@acme.example", password: DEMO_PASSWORD, firstName: "Alan", lastName: "Turing" },
    {
      id: DEMO_IDS.hank,
      email: "hank@globex.example",
      password: DEMO_PASSWORD,
      firstName: "Hank",
      lastName: "Scorpio",
    },
    { id: DEMO_IDS.newcomer, email: "newcomer@gmail.example", password: DEMO_PASSWORD, legacyUserId: "legacy-1001" },
    {
      id: DEMO_IDS.mallory,
      email: "mallory@acme.example",
      password: DEMO_PASSWORD,
      firstName: "Mallory",
      mfaSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      backupCodes: ["0000-0001", "0000-0002", "0000-0003"],
    },
  ],
  orgs: [
    {
      id: DEMO_IDS.acme,
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
      id: DEMO_IDS.globex,
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
      id: DEMO_IDS.initech,
      name: "Initech",
      domain: "acme.example",
      autojoinByDomain: true,
      members: [{ email: "hank@globex.example", role: "Owner" }],
    },
    {
      id: DEMO_IDS.umbrella,
      name: "Umbrella Corporation",
      domain: "acme.example",
      autojoinByDomain: true,
      maxUsers: 1,
      members: [{ email: "hank@globex.example", role: "Owner" }],
    },
  ],
};
