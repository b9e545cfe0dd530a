import { createAdapter, migrate, type OrgauthAdapter } from "../../adapter/index.js";
import { adapterPort, type SqlPort } from "./sql.js";

/**
 * The identity store the emulator keeps users, accounts (social and SAML links), sessions and verification tokens
 * (magic links, confirmations, resets) in: orgauth's Auth.js adapter, of which the emulator calls these methods.
 */
export type IdentityStore = Pick<
  OrgauthAdapter,
  | "createUser"
  | "getUser"
  | "getUserByEmail"
  | "getUserByAccount"
  | "updateUser"
  | "deleteUser"
  | "linkAccount"
  | "createSession"
  | "getSessionAndUser"
  | "updateSession"
  | "deleteSession"
  | "createVerificationToken"
  | "useVerificationToken"
>;

/** Migrates the identity store's tables and returns the adapter over them, on the emulator's clock. */
export async function openIdentityStore(db: SqlPort, now: () => Date): Promise<IdentityStore> {
  const port = adapterPort(db);
  await migrate(port);
  return createAdapter(port, { now });
}

/** Empties the identity store's tables. */
export async function truncateIdentity(db: SqlPort): Promise<void> {
  await db.query("truncate users, accounts, sessions, verification_tokens, authenticators cascade");
}
