/** The adapter's public shape: Auth.js's `Adapter` with every method present (and narrower results), plus `purgeExpired`. */
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@auth/core/adapters";
import type { StoreOptions } from "./schema.js";
import type { SqlRow } from "./sql-port.js";

/** Options of `createAdapter`. */
export interface AdapterOptions extends StoreOptions {
  /** The application's clock: what "expired" means for sessions and verification tokens. Default `() => new Date()`. */
  now?: (() => Date) | undefined;
}

/** How many expired rows `purgeExpired` removed. */
export interface PurgeResult {
  sessions: number;
  verificationTokens: number;
}

/** A provider account key: (provider, providerAccountId). */
export type AccountKey = Pick<AdapterAccount, "provider" | "providerAccountId">;

/** All Auth.js adapter methods, typed against `Adapter`, plus `purgeExpired`. Every failure is an `AdapterError`. */
export interface OrgauthAdapter extends Required<Adapter> {
  createUser(user: AdapterUser): Promise<AdapterUser>;
  getUser(id: string): Promise<AdapterUser | null>;
  getUserByEmail(email: string): Promise<AdapterUser | null>;
  getUserByAccount(account: AccountKey): Promise<AdapterUser | null>;
  updateUser(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Promise<AdapterUser>;
  deleteUser(userId: string): Promise<AdapterUser | null>;
  linkAccount(account: AdapterAccount): Promise<AdapterAccount>;
  unlinkAccount(account: AccountKey): Promise<AdapterAccount | undefined>;
  getAccount(providerAccountId: string, provider: string): Promise<AdapterAccount | null>;
  createSession(session: AdapterSession): Promise<AdapterSession>;
  getSessionAndUser(sessionToken: string): Promise<{ session: AdapterSession; user: AdapterUser } | null>;
  updateSession(
    session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">,
  ): Promise<AdapterSession | null>;
  deleteSession(sessionToken: string): Promise<AdapterSession | null>;
  createVerificationToken(token: VerificationToken): Promise<VerificationToken>;
  useVerificationToken(params: { identifier: string; token: string }): Promise<VerificationToken | null>;
  createAuthenticator(authenticator: AdapterAuthenticator): Promise<AdapterAuthenticator>;
  getAuthenticator(credentialID: string): Promise<AdapterAuthenticator | null>;
  listAuthenticatorsByUserId(userId: string): Promise<AdapterAuthenticator[]>;
  updateAuthenticatorCounter(credentialID: string, newCounter: number): Promise<AdapterAuthenticator>;
  /** Creates a user and links an account to it in one statement: both rows exist afterwards, or neither. */
  createUserWithAccount(
    user: AdapterUser,
    account: Omit<AdapterAccount, "userId">,
  ): Promise<{ user: AdapterUser; account: AdapterAccount }>;
  /** Deletes the sessions and verification tokens that have expired by the adapter's clock. */
  purgeExpired(): Promise<PurgeResult>;
}

/** What the method groups share: quoted table names, the clock, and one query function that types its errors. */
export interface StoreContext {
  table(name: string): string;
  now(): Date;
  rows(operation: string, sql: string, params: unknown[]): Promise<SqlRow[]>;
  /** The first row of `rows`, or undefined. */
  one(operation: string, sql: string, params: unknown[]): Promise<SqlRow | undefined>;
}
