import type * as z from "zod/mini";
import { describe, expectTypeOf, it } from "vitest";
import {
  changeRole,
  createOrg,
  getSecurityStatus,
  inviteUser,
  joinOrg,
  listOrgMembers,
  login,
  refreshToken,
  type InviteUserRequest,
  type LoginErrorCode,
  type LoginResponse,
  type OperationErrorCodes,
} from "../../src/generated/operations.js";
import type * as v from "../../src/generated/zod.js";
import type { components } from "../../src/generated/schema.js";
import { type ApiError, createTransport } from "../../src/transport/index.js";

const t = createTransport({ authUrl: "https://auth.example.com" });

describe("generated fetchers", () => {
  it("require every required parameter and body field, and reject unknown ones", () => {
    // @ts-expect-error the body is required
    void login(t, {});
    // @ts-expect-error password is required
    void login(t, { body: { email: "a@b.co" } });
    // @ts-expect-error unknown body fields are flagged at compile time
    void login(t, { body: { email: "a@b.co", password: "x", remember: true } });
    // @ts-expect-error the org id path parameter is required
    void joinOrg(t, { path: {} });
    // @ts-expect-error page_number is an integer, not a string
    void listOrgMembers(t, { path: { orgId: "o" }, query: { page_number: "0" } });
    void listOrgMembers(t, { path: { orgId: "o" } });
    void getSecurityStatus(t);
    void refreshToken(t);
  });

  it("let the caller omit body fields the contract gives a default, and nothing else", () => {
    void inviteUser(t, { body: { org_id: "o", email: "a@b.co", role: "Member" } });
    void changeRole(t, { body: { org_id: "o", user_id: "u", role: "Admin" } });
    void createOrg(t, { body: { name: "Acme" } });
    void createOrg(t, { body: { name: "Acme", autojoin_by_domain: true, restrict_to_domain: false } });
    // @ts-expect-error role has no default
    void inviteUser(t, { body: { org_id: "o", email: "a@b.co" } });
    // @ts-expect-error a defaulted field still has its type
    void inviteUser(t, { body: { org_id: "o", email: "a@b.co", role: "Member", additional_roles: "Billing" } });
    // @ts-expect-error unknown body fields are still flagged
    void createOrg(t, { body: { name: "Acme", autojoin: true } });
    expectTypeOf<InviteUserRequest["body"]>().toMatchTypeOf<z.input<typeof v.InviteUserRequestInputSchema>>();
    expectTypeOf<z.output<typeof v.InviteUserRequestInputSchema>>().toMatchTypeOf<
      components["schemas"]["InviteUserRequest"]
    >();
    expectTypeOf<components["schemas"]["InviteUserRequest"]["additional_roles"]>().toEqualTypeOf<string[]>();
  });

  it("resolve with the documented success type", () => {
    expectTypeOf(login).returns.resolves.toEqualTypeOf<LoginResponse>();
    expectTypeOf<LoginResponse["login_state"]>().toEqualTypeOf<components["schemas"]["LoginState"]>();
    expectTypeOf(joinOrg).returns.resolves.toHaveProperty("org_id");
  });

  it("agree with the zod validators they run", () => {
    expectTypeOf<z.infer<typeof v.LoginStateResponseSchema>>().toEqualTypeOf<LoginResponse>();
  });
});

describe("ApiError", () => {
  it("narrows its code to the operation's documented codes", () => {
    expectTypeOf<ApiError<"login">["code"]>().toEqualTypeOf<LoginErrorCode>();
    expectTypeOf<"invalid_request_fields">().toMatchTypeOf<ApiError<"login">["code"]>();
    expectTypeOf<"org_not_found">().not.toMatchTypeOf<ApiError<"login">["code"]>();
    expectTypeOf<"unexpected_error">().toMatchTypeOf<ApiError<"joinOrg">["code"]>();
    expectTypeOf<ApiError<"joinOrg">["code"]>().toEqualTypeOf<OperationErrorCodes["joinOrg"]>();
  });

  it("is a real Error", () => {
    expectTypeOf<ApiError<"login">>().toMatchTypeOf<Error>();
  });
});

describe("optional request fields under exactOptionalPropertyTypes", () => {
  it("accept a value that may be undefined, and still check its type", () => {
    const search = undefined as string | undefined;
    void listOrgMembers(t, { path: { orgId: "org_acme" }, query: { email_search: search, page_number: undefined } });
    void createOrg(t, { body: { name: "Acme", autojoin_by_domain: undefined as boolean | undefined } });
    // @ts-expect-error a number is still not a search string
    void listOrgMembers(t, { path: { orgId: "org_acme" }, query: { email_search: 42 } });
    // @ts-expect-error a required field does not accept undefined
    void login(t, { body: { email: undefined, password: "x" } });
  });
});
