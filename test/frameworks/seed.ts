/** The people and org the framework examples sign in with on the emulator: one org, an owner and a member. */
import { randomUUID } from "node:crypto";
import type { EmulatorSeed } from "../../src/emulator/index.js";

/** Every seeded person's password. */
export const PASSWORD = "correct horse battery staple";

/** The org both people belong to (its id is made here: nothing in the tests depends on its format). */
export const ORG = { id: randomUUID(), name: "Acme Frameworks" };

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
  ],
};
