import createClient from "openapi-fetch";
import { describe, expectTypeOf, it } from "vitest";
import type { components, PathsWithoutCsrf, paths, WithOptionalHeaders } from "orgauth";
import { csrfHeader, firstMembers } from "./openapi-fetch-sample.js";

/**
 * docs/openapi-fetch.md's usage, compiled: the contract's types with openapi-fetch instead of orgauth's fetchers
 * (the docs' sample is ./openapi-fetch-sample.ts word for word, checked by a unit test).
 */
describe("the types with openapi-fetch", () => {
  it("the docs' sample is typed by the contract", () => {
    expectTypeOf(firstMembers).returns.resolves.toEqualTypeOf<components["schemas"]["OrgMember"][]>();
  });

  it("with PathsWithoutCsrf and the middleware, no front-end call repeats the CSRF header", async () => {
    const client = createClient<PathsWithoutCsrf>({ baseUrl: "https://auth.example.com", credentials: "include" });
    client.use(csrfHeader);

    const settings = await client.GET("/api/fe/v3/org_settings", { params: { query: { org_id: "org_acme" } } });
    expectTypeOf(settings.data).toEqualTypeOf<components["schemas"]["OrgSettings"] | undefined>();
    await client.GET("/api/fe/v3/org_membership/{orgId}/members", {
      params: { path: { orgId: "org_acme" }, query: { page_size: 20 } },
    });
    // a field the contract gives a default is still required here (orgauth's own fetchers let it be left out)
    await client.POST("/api/fe/v3/invite_user", {
      body: { org_id: "org_acme", email: "ada@example.com", role: "Member", additional_roles: [] },
    });
    await client.DELETE("/api/fe/v3/api_keys/{apiKeyId}", { params: { path: { apiKeyId: "key_1" } } });
    await client.GET("/api/fe/v3/login_state");
    await client.GET("/api/v1/refresh_token");
    // passing the header anyway is allowed, with its one value
    await client.GET("/api/fe/v3/login_state", { params: { header: { "X-CSRF-Token": "-.-" } } });
  });

  it("still types everything but the fixed header", async () => {
    const client = createClient<PathsWithoutCsrf>({ baseUrl: "https://auth.example.com" });
    // @ts-expect-error the CSRF header keeps its one value
    await client.GET("/api/fe/v3/login_state", { params: { header: { "X-CSRF-Token": "x" } } });
    // @ts-expect-error org_id is a required query parameter
    await client.GET("/api/fe/v3/org_settings", { params: { query: {} } });
    // @ts-expect-error the path parameter is required
    await client.DELETE("/api/fe/v3/api_keys/{apiKeyId}", {});
    const members = "/api/fe/v3/org_membership/{orgId}/members";
    // @ts-expect-error page_size is a number
    await client.GET(members, { params: { path: { orgId: "o" }, query: { page_size: "20" } } });
    // @ts-expect-error the body's role is required
    await client.POST("/api/fe/v3/invite_user", { body: { org_id: "o", email: "a@b.co", additional_roles: [] } });
  });

  it("the plain paths require the CSRF header on every front-end call (why the variant exists)", async () => {
    const client = createClient<paths>({ baseUrl: "https://auth.example.com" });
    // @ts-expect-error params.header["X-CSRF-Token"] is missing
    await client.GET("/api/fe/v3/org_settings", { params: { query: { org_id: "org_acme" } } });
    await client.GET("/api/fe/v3/org_settings", {
      params: { query: { org_id: "org_acme" }, header: { "X-CSRF-Token": "-.-" } },
    });
  });

  it("WithOptionalHeaders leaves a header it does not name required", () => {
    type Paths = {
      "/x": { get: { parameters: { header: { "X-CSRF-Token": "-.-"; "X-Other": string } }; responses: object } };
    };
    type OneLeft = WithOptionalHeaders<Paths, "X-CSRF-Token">["/x"]["get"]["parameters"];
    const oneLeft: OneLeft = { header: { "X-Other": "v" } };
    expectTypeOf(oneLeft).toMatchTypeOf<{ header: { "X-Other": string; "X-CSRF-Token"?: "-.-" } }>();
    // @ts-expect-error X-Other is not named: still required, and with it the header
    const missing: OneLeft = {};
    type NoneLeft = WithOptionalHeaders<Paths, "X-CSRF-Token" | "X-Other">["/x"]["get"]["parameters"];
    const noneLeft: NoneLeft = {};
    // @ts-expect-error a named header keeps its type
    const wrong: NoneLeft = { header: { "X-CSRF-Token": "x" } };
    void [missing, noneLeft, wrong];
  });
});
