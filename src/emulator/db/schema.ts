import type { SqlPort } from "./sql.js";

/**
 * The emulator's own tables, beside the identity store's: profile fields the provider has and Auth.js users do not,
 * organisations, memberships, invitations, API keys, MFA secrets and backup codes, rate-limit counters, the outbox,
 * the project settings, the signing key and the integration API key (both kept across resets: a backend holds the
 * public key, an app's server the API key), how each session logged in, and the server-side sessions (codes, refresh
 * tokens). Each step is one statement; `create ... if not exists` makes the whole list idempotent.
 */
const steps = [
  `create table if not exists emu_profiles (
     user_id text primary key, password_hash text, username text, first_name text, last_name text, picture_url text,
     properties jsonb not null default '{}', locked boolean not null default false, enabled boolean not null default true,
     can_create_orgs boolean not null default true, failed_logins integer not null default 0,
     must_change_password boolean not null default false,
     legacy_user_id text, created_at timestamptz not null, last_active_at timestamptz not null)`,
  `create unique index if not exists emu_profiles_username on emu_profiles (lower(username))`,
  `create table if not exists emu_orgs (
     id text primary key, name text not null, url_safe_name text not null, metadata jsonb not null default '{}',
     role_structure text not null default 'single_role_in_hierarchy', domain text,
     autojoin_by_domain boolean not null default false, restrict_to_domain boolean not null default false,
     require_2fa_by timestamptz, max_users integer, saml_enabled boolean not null default false,
     legacy_org_id text, created_at timestamptz not null)`,
  `create table if not exists emu_memberships (
     org_id text not null references emu_orgs(id) on delete cascade, user_id text not null, role text not null,
     additional_roles jsonb not null default '[]', created_at timestamptz not null, primary key (org_id, user_id))`,
  `create index if not exists emu_memberships_user on emu_memberships (user_id)`,
  `create table if not exists emu_invitations (
     org_id text not null references emu_orgs(id) on delete cascade, email text not null, role text not null,
     additional_roles jsonb not null default '[]', token_hash text not null unique, invited_by text,
     expires_at timestamptz not null, created_at timestamptz not null, primary key (org_id, email))`,
  `create table if not exists emu_api_keys (
     id text primary key, secret_hash text not null, user_id text, org_id text references emu_orgs(id) on delete cascade,
     display_name text, metadata jsonb, expires_at timestamptz, created_at timestamptz not null)`,
  `create table if not exists emu_mfa (
     user_id text primary key, secret text, pending_secret text, enabled boolean not null default false,
     failures integer not null default 0, locked_until timestamptz)`,
  `create table if not exists emu_mfa_steps (token_hash text primary key, user_id text not null, expires_at timestamptz not null)`,
  `create table if not exists emu_backup_codes (
     user_id text not null, code text not null, used_at timestamptz, primary key (user_id, code))`,
  // The order the codes were issued in, so a list of them reads as the user first saw it.
  "alter table emu_backup_codes add column if not exists position integer not null default 0",
  `create table if not exists emu_rate_limits (key text primary key, window_start timestamptz not null, count integer not null)`,
  `create table if not exists emu_outbox (
     id serial primary key, to_address text not null, kind text not null, subject text not null, link text not null,
     created_at timestamptz not null)`,
  `create table if not exists emu_settings (id integer primary key, value jsonb not null)`,
  `create table if not exists emu_signing_key (id integer primary key, kid text not null, private_jwk jsonb not null, created_at timestamptz not null)`,
  `create table if not exists emu_session_logins (session_hash text primary key, login_method jsonb not null)`,
  `alter table emu_mfa_steps add column if not exists login_method jsonb`,
  // A session cookie rotated on refresh: when, the token that replaced it, and the token it replaced (so ending one
  // ends the others while they still work).
  `alter table emu_session_logins add column if not exists rotated_at timestamptz`,
  `alter table emu_session_logins add column if not exists replaced_by text`,
  `alter table emu_session_logins add column if not exists replaces text`,
  // The integration API key an app's server sends (kept across resets, like the signing key: an app's .env holds it).
  `create table if not exists emu_integration_key (id integer primary key, api_key text not null, created_at timestamptz not null)`,
  // The server-side session: one-time codes of the hosted login, the sessions they start, their refresh tokens.
  `create table if not exists emu_ssr_codes (
     code_hash text primary key, user_id text not null, redirect_uri text not null, browser_session text not null,
     login_method jsonb, expires_at timestamptz not null)`,
  `create table if not exists emu_ssr_sessions (
     id text primary key, user_id text not null, browser_session text not null, login_method jsonb,
     expires_at timestamptz not null)`,
  `create table if not exists emu_refresh_tokens (
     token_hash text primary key, session_id text not null references emu_ssr_sessions(id) on delete cascade,
     rotated_at timestamptz)`,
  // An API key deleted through the backend API (or by its owner) is archived, not removed: the backend lists it.
  "alter table emu_api_keys add column if not exists archived_at timestamptz",
  // What the backend API stores and the emulator does not act on: a user's metadata; an org's extra domains, SAML
  // permission, password rotation and custom role mapping name.
  "alter table emu_profiles add column if not exists metadata jsonb not null default '{}'",
  "alter table emu_orgs add column if not exists extras jsonb not null default '{}'",
  // An end-user API key imported from another system (its token kept hashed; it validates only on validate_imported),
  // and how many times each key validated per UTC day (the backend's usage count).
  "alter table emu_api_keys add column if not exists imported boolean not null default false",
  `create table if not exists emu_api_key_usage (
     api_key_id text not null references emu_api_keys(id) on delete cascade, day date not null,
     count integer not null default 0, primary key (api_key_id, day))`,
  // Magic links made by the backend API: the token only hashed, where the link lands, how long and how often it works.
  `create table if not exists emu_magic_links (
     token_hash text primary key, user_id text not null, redirect_to text, single_use boolean not null,
     requires_interstitial boolean not null, signup_query_parameters jsonb, expires_at timestamptz not null,
     used_at timestamptz, created_at timestamptz not null)`,
  // The sign-up query parameters a magic link gave the user it created (the backend reads them back; {} for others).
  "alter table emu_profiles add column if not exists signup_query_parameters jsonb not null default '{}'",
];

/** Creates the emulator's tables when they are missing. */
export async function migrateEmulator(db: SqlPort): Promise<void> {
  for (const step of steps) await db.query(step);
}

/** Empties every emulator table (the identity store is emptied by the caller). */
export async function truncateEmulator(db: SqlPort): Promise<void> {
  await db.query(
    "truncate emu_profiles, emu_orgs, emu_memberships, emu_invitations, emu_api_keys, emu_api_key_usage, emu_mfa, emu_mfa_steps, emu_backup_codes, emu_rate_limits, emu_outbox, emu_settings, emu_session_logins, emu_ssr_codes, emu_ssr_sessions, emu_refresh_tokens, emu_magic_links restart identity cascade",
  );
}
