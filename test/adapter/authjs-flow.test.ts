import type { AuthConfig } from "@auth/core";
import Resend from "@auth/core/providers/resend";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  createAdapter,
  migrate,
  openEmbeddedDatabase,
  openPostgres,
  type ClosableSqlPort,
  type OrgauthAdapter,
} from "../../src/adapter/index.js";
import { authjsClient } from "./authjs-client.js";
import { createClusterDatabase } from "./postgres-database.js";

// The adapter wired into Auth.js itself (@auth/core's Auth handler), on each engine: an e-mail sign-in end to end —
// verification token, user creation, database session, session read, sign-out. Only the e-mail is not sent:
// sendVerificationRequest hands the link to the test.
const BASE = "http://localhost:3000/auth";
const adminUrl = inject("postgresUrl");
const postgresDatabase = createClusterDatabase(adminUrl, "authjs");

const engines: [string, () => Promise<ClosableSqlPort>][] = [["PGlite", () => openEmbeddedDatabase()]];
if (adminUrl !== "") engines.push(["PostgreSQL", async () => openPostgres(await postgresDatabase())]);

describe.each(engines)("Auth.js with the orgauth adapter on %s", (_engine, open) => {
  let db: ClosableSqlPort;
  let adapter: OrgauthAdapter;
  let link: string | undefined;
  const errors: string[] = [];
  const { request } = authjsClient(
    BASE,
    (): AuthConfig => ({
      adapter,
      secret: "a-test-secret-that-is-long-enough-0123456789",
      trustHost: true,
      basePath: "/auth",
      logger: { error: (error) => void errors.push(error.name) },
      providers: [
        Resend({
          from: "auth@example.com",
          sendVerificationRequest: async (params) => {
            link = params.url;
          },
        }),
      ],
    }),
  );

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    adapter = createAdapter(db);
  });
  afterAll(() => db.close());

  it("signs in by e-mail link, reads the database session, and signs out", async () => {
    const { csrfToken } = (await (await request("/csrf")).json()) as { csrfToken: string };
    const signIn = await request("/signin/resend", {
      method: "POST",
      body: new URLSearchParams({ email: "Mary.Shelley@Example.com", csrfToken }),
    });
    expect(signIn.status).toBe(302);
    expect(link).toBeDefined();
    expect(await db.query("SELECT count(*)::integer AS n FROM verification_tokens")).toMatchObject({
      rows: [{ n: 1 }],
    });

    const callback = await request(link!);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).not.toContain("error");
    const user = await adapter.getUserByEmail("mary.shelley@example.com");
    expect(user).toMatchObject({ email: "mary.shelley@example.com" });
    expect(user?.emailVerified).toBeInstanceOf(Date);
    expect(await db.query("SELECT count(*)::integer AS n FROM verification_tokens")).toMatchObject({
      rows: [{ n: 0 }],
    });

    const session = (await (await request("/session")).json()) as { user?: { email?: string }; expires?: string };
    expect(session.user?.email).toBe("mary.shelley@example.com");
    expect(await db.query("SELECT count(*)::integer AS n FROM sessions")).toMatchObject({ rows: [{ n: 1 }] });

    expect(errors).toEqual([]);
    const again = await request(link!);
    expect(again.headers.get("location")).toContain("error=Verification");
    expect(errors).toEqual(["Verification"]);

    const { csrfToken: signOutToken } = (await (await request("/csrf")).json()) as { csrfToken: string };
    await request("/signout", { method: "POST", body: new URLSearchParams({ csrfToken: signOutToken }) });
    expect(await db.query("SELECT count(*)::integer AS n FROM sessions")).toMatchObject({ rows: [{ n: 0 }] });
    expect(await (await request("/session")).json()).toBeNull();
  });
});
