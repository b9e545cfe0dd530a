import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { describe, expectTypeOf, it } from "vitest";
import type {
  GetSecurityStatusResponse,
  InviteUserRequest,
  ListOrgMembersResponse,
} from "../../src/generated/operations.js";
import type { OperationCaller } from "../../src/transport/index.js";
import { ApiError, type RequestValidationError, type ResponseValidationError } from "../../src/transport/index.js";
import type { AuthClient } from "../../src/session/index.js";
import {
  getSecurityStatusKeys,
  getSecurityStatusQueryOptions,
  inviteUserMutationOptions,
  listOrgMembersKeys,
  listOrgMembersQueryOptions,
  useAuthInfo,
  useGetSecurityStatus,
  useInviteUser,
  useListOrgMembers,
  useListOrgMembersInfinite,
  useLoginFlow,
  useMfa,
  useResendEmailConfirmation,
  type AuthInfoLoggedIn,
  type LoginFlowAction,
  type MfaStatus,
  type MutationSession,
} from "../../src/hooks/index.js";
import type { Transport } from "../../src/transport/index.js";

declare const transport: Transport;

describe("generated query layer", () => {
  it("query hooks return the response and the operation's error", () => {
    const result = useListOrgMembers({ path: { orgId: "o" } });
    expectTypeOf(result.data).toEqualTypeOf<ListOrgMembersResponse | undefined>();
    expectTypeOf(result.error).toEqualTypeOf<
      ApiError<"listOrgMembers"> | ResponseValidationError | RequestValidationError | null
    >();
    const selected = useListOrgMembers({ path: { orgId: "o" } }, { select: (page) => page.users.length });
    expectTypeOf(selected.data).toEqualTypeOf<number | undefined>();
  });

  it("error codes narrow to the operation's documented codes", () => {
    const { error } = useListOrgMembers({ path: { orgId: "o" } });
    if (error instanceof ApiError) {
      expectTypeOf(error.code).toEqualTypeOf<
        "not_logged_in" | "action_disabled" | "email_not_confirmed" | "org_not_found" | "unexpected_error"
      >();
    }
  });

  it("requests are checked: a missing path parameter is an error", () => {
    // @ts-expect-error orgId is required
    useListOrgMembers({ path: {} });
    // @ts-expect-error the infinite variant takes no page number
    useListOrgMembersInfinite({ path: { orgId: "o" }, query: { page_number: 2 } });
  });

  it("keys are typed and reach getQueryData", () => {
    const queryClient = new QueryClient();
    expectTypeOf(queryClient.getQueryData(listOrgMembersKeys.query({ path: { orgId: "o" } }))).toEqualTypeOf<
      ListOrgMembersResponse | undefined
    >();
    expectTypeOf(queryClient.getQueryData(listOrgMembersKeys.infinite({ path: { orgId: "o" } }))).toEqualTypeOf<
      InfiniteData<ListOrgMembersResponse, number> | undefined
    >();
    expectTypeOf(
      queryClient.getQueryData(listOrgMembersQueryOptions(transport, { path: { orgId: "o" } }).queryKey),
    ).toEqualTypeOf<ListOrgMembersResponse | undefined>();
    expectTypeOf(listOrgMembersKeys.all).toEqualTypeOf<readonly ["orgauth", "listOrgMembers"]>();
    // @ts-expect-error path filters only take the operation's path parameters
    listOrgMembersKeys.matching({ path: { org: "o" } });
  });

  it("operations without input: keys and options take no request, the hook keeps the (request, options) shape", () => {
    expectTypeOf(getSecurityStatusKeys.query).parameters.toEqualTypeOf<[]>();
    expectTypeOf(getSecurityStatusQueryOptions).parameters.toEqualTypeOf<[OperationCaller]>();
    const { data } = useGetSecurityStatus({}, { enabled: false });
    expectTypeOf(data).toEqualTypeOf<GetSecurityStatusResponse | undefined>();
    expectTypeOf(useGetSecurityStatus().data).toEqualTypeOf<GetSecurityStatusResponse | undefined>();
  });

  it("the generated hooks' session takes an AuthClient", () => {
    expectTypeOf<AuthClient>().toExtend<MutationSession>();
    expectTypeOf(inviteUserMutationOptions).parameter(0).toEqualTypeOf<MutationSession>();
  });

  it("infinite hooks return pages", () => {
    const { data } = useListOrgMembersInfinite({ path: { orgId: "o" } });
    expectTypeOf(data).toEqualTypeOf<InfiniteData<ListOrgMembersResponse, number> | undefined>();
  });

  it("mutation hooks take the request and type the error", () => {
    const invite = useInviteUser();
    expectTypeOf(invite.mutate).parameter(0).toEqualTypeOf<InviteUserRequest>();
    expectTypeOf(invite.error).toEqualTypeOf<
      ApiError<"inviteUser"> | ResponseValidationError | RequestValidationError | null
    >();
    // operations without input mutate with no argument
    useResendEmailConfirmation().mutate();
  });
});

describe("auth hooks", () => {
  it("useAuthInfo narrows on status", () => {
    const info = useAuthInfo();
    if (info.status === "logged_in") expectTypeOf(info).toEqualTypeOf<AuthInfoLoggedIn>();
    // @ts-expect-error the user only exists once logged in
    void info.user;
  });

  it("useLoginFlow exposes each step's actions only after narrowing", () => {
    const flow = useLoginFlow();
    // @ts-expect-error login is not available before narrowing to LoginRequired
    void flow.login;
    if (flow.step === "LoginRequired") expectTypeOf(flow.login).parameter(0).toHaveProperty("password");
    if (flow.step === "TwoFactorEnablementRequired")
      expectTypeOf(flow.mfaSetup).toEqualTypeOf<GetSecurityStatusResponse | null>();
    if (flow.error?.name === "ApiError" && "operationId" in flow.error && flow.error.operationId === "login") {
      expectTypeOf(flow.error).toEqualTypeOf<ApiError<"login">>();
    }
  });

  it("useMfa has the MFA status set (loading, enabled, disabled, unexpected error)", () => {
    expectTypeOf(useMfa().status).toEqualTypeOf<MfaStatus>();
    expectTypeOf<MfaStatus>().toEqualTypeOf<"loading" | "disabled" | "enabled" | "unexpected_error">();
  });
});

describe("login flow failures", () => {
  it("failedAction names one of the actions that can fail", () => {
    const flow = useLoginFlow();
    expectTypeOf(flow.failedAction).toEqualTypeOf<LoginFlowAction | null>();
    expectTypeOf<"login" | "loginWithSaml" | "enableMfa">().toExtend<LoginFlowAction>();
    expectTypeOf<"loginWithSocial">().not.toExtend<LoginFlowAction>();
    expectTypeOf<"passwordReset">().not.toExtend<LoginFlowAction>();
  });
});
