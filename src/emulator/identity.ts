import type { SqlPort } from "./sql.js";

/**
 * The identity store the emulator keeps users, accounts, sessions and verification tokens in: the subset of the
 * Auth.js `Adapter` interface it calls, with the same names and shapes, so orgauth's adapter plugs in unchanged.
 */
export interface IdentityUser {
  id: string;
  email: string;
  emailVerified: Date | null;
  name?: string | null;
  image?: string | null;
}
export interface IdentitySession {
  sessionToken: string;
  userId: string;
  expires: Date;
}
export interface IdentityVerificationToken {
  identifier: string;
  token: string;
  expires: Date;
}
export interface IdentityAccount {
  userId: string;
  type: "oauth" | "oidc" | "email" | "webauthn";
  provider: string;
  providerAccountId: string;
}
export interface IdentityStore {
  createUser(user: IdentityUser): Promise<IdentityUser>;
  getUser(id: string): Promise<IdentityUser | null>;
  getUserByEmail(email: string): Promise<IdentityUser | null>;
  getUserByAccount(account: Pick<IdentityAccount, "provider" | "providerAccountId">): Promise<IdentityUser | null>;
  updateUser(user: Partial<IdentityUser> & Pick<IdentityUser, "id">): Promise<IdentityUser>;
  deleteUser(userId: string): Promise<unknown>;
  linkAccount(account: IdentityAccount): Promise<unknown>;
  createSession(session: IdentitySession): Promise<IdentitySession>;
  getSessionAndUser(sessionToken: string): Promise<{ session: IdentitySession; user: IdentityUser } | null>;
  deleteSession(sessionToken: string): Promise<unknown>;
  createVerificationToken(token: IdentityVerificationToken): Promise<IdentityVerificationToken | null | undefined>;
  useVerificationToken(params: { identifier: string; token: string }): Promise<IdentityVerificationToken | null>;
}

/** The identity store's tables, a part of the emulator until it runs on orgauth's adapter. */
const steps = [
  `create table if not exists users (id text primary key, name text, email text not null, email_verified timestamptz, image text)`,
  `create unique index if not exists users_email on users (lower(email))`,
  `create table if not exists accounts (user_id text not null references users(id) on delete cascade, type text not null,
     provider text not null, provider_account_id text not null, primary key (provider, provider_account_id))`,
  `create table if not exists sessions (session_token text primary key, user_id text not null references users(id) on delete cascade,
     expires timestamptz not null)`,
  `create table if not exists verification_tokens (identifier text not null, token text not null, expires timestamptz not null,
     primary key (identifier, token))`,
];

type UserRow = { id: string; name: string | null; email: string; email_verified: Date | null; image: string | null };
const toUser = (row: UserRow): IdentityUser => ({ id: row.id, name: row.name, email: row.email, emailVerified: row.email_verified, image: row.image });

/** Creates the identity tables and returns the store over them. */
export async function openIdentityStore(db: SqlPort): Promise<IdentityStore> {
  for (const step of steps) await db.query(step);
  const one = async (sql: string, params: unknown[]) => {
    const { rows } = await db.query<UserRow>(sql, params);
    return rows[0] ? toUser(rows[0]) : null;
  };
  const store: IdentityStore = {
    async createUser(user) {
      return (await one("insert into users (id, name, email, email_verified, image) values ($1, $2, $3, $4, $5) returning *", [user.id, user.name ?? null, user.email, user.emailVerified, user.image ?? null]))!;
    },
    getUser: (id) => one("select * from users where id = $1", [id]),
    getUserByEmail: (email) => one("select * from users where lower(email) = lower($1)", [email]),
    getUserByAccount: ({ provider, providerAccountId }) =>
      one("select u.* from users u join accounts a on a.user_id = u.id where a.provider = $1 and a.provider_account_id = $2", [provider, providerAccountId]),
    async updateUser(user) {
      const current = await store.getUser(user.id);
      if (!current) throw new Error(`No user ${user.id}`);
      const next = { ...current, ...user };
      return (await one("update users set name = $2, email = $3, email_verified = $4, image = $5 where id = $1 returning *", [next.id, next.name ?? null, next.email, next.emailVerified, next.image ?? null]))!;
    },
    deleteUser: (userId) => db.query("delete from users where id = $1", [userId]),
    linkAccount: (a) =>
      db.query("insert into accounts (user_id, type, provider, provider_account_id) values ($1, $2, $3, $4) on conflict do nothing", [a.userId, a.type, a.provider, a.providerAccountId]),
    async createSession(session) {
      await db.query("insert into sessions (session_token, user_id, expires) values ($1, $2, $3)", [session.sessionToken, session.userId, session.expires]);
      return session;
    },
    async getSessionAndUser(sessionToken) {
      const { rows } = await db.query<UserRow & { session_token: string; user_id: string; expires: Date }>(
        "select s.session_token, s.user_id, s.expires, u.* from sessions s join users u on u.id = s.user_id where s.session_token = $1 and s.expires > now()",
        [sessionToken],
      );
      const row = rows[0];
      return row ? { session: { sessionToken: row.session_token, userId: row.user_id, expires: row.expires }, user: toUser(row) } : null;
    },
    deleteSession: (sessionToken) => db.query("delete from sessions where session_token = $1", [sessionToken]),
    async createVerificationToken(token) {
      await db.query("insert into verification_tokens (identifier, token, expires) values ($1, $2, $3)", [token.identifier, token.token, token.expires]);
      return token;
    },
    async useVerificationToken({ identifier, token }) {
      const { rows } = await db.query<IdentityVerificationToken>(
        "delete from verification_tokens where identifier = $1 and token = $2 returning identifier, token, expires",
        [identifier, token],
      );
      const row = rows[0];
      return row && row.expires > new Date() ? row : null;
    },
  };
  return store;
}

/** Empties the identity tables. */
export async function truncateIdentity(db: SqlPort): Promise<void> {
  await db.query("truncate users, accounts, sessions, verification_tokens cascade");
}
