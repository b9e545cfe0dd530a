import type { ComponentType } from "react";
import { describe, expectTypeOf, it } from "vitest";
import type { AuthOrg, OrgAccess, SocialLoginProvider } from "../../src/session/index.js";
import {
  useActiveOrg,
  useAuthInfo,
  useListOrgMembers,
  useMfa,
  usePagedSearch,
  withAuthInfo,
  type MfaDisabledStatus,
  type MfaEnabledStatus,
  type WithAuthStateProps,
} from "../../src/hooks/index.js";

describe("the vendor's features, typed", () => {
  it("useMfa offers each action only in the state that allows it", () => {
    const mfa = useMfa();
    // @ts-expect-error not before narrowing on status
    void mfa.enable;
    if (mfa.status === "disabled") {
      expectTypeOf(mfa.securityStatus).toEqualTypeOf<MfaDisabledStatus>();
      expectTypeOf(mfa.enable).toEqualTypeOf<(code: string) => Promise<boolean>>();
      // @ts-expect-error MFA is off: nothing to disable
      void mfa.disable;
    }
    if (mfa.status === "enabled") {
      expectTypeOf(mfa.securityStatus.backup_codes).toEqualTypeOf<string[]>();
      expectTypeOf(mfa.securityStatus).toEqualTypeOf<MfaEnabledStatus>();
      // @ts-expect-error MFA is on: nothing to enable
      void mfa.enable;
    }
    expectTypeOf(mfa.reload).toEqualTypeOf<() => Promise<void>>();
  });

  it("usePagedSearch feeds a generated list hook's query as is", () => {
    const paged = usePagedSearch({ pageSize: 10 });
    useListOrgMembers({ path: { orgId: "o" }, query: { ...paged.pageQuery, email_search: paged.debouncedSearch } });
    expectTypeOf(paged.debouncedSearch).toEqualTypeOf<string | undefined>();
  });

  it("getAccessToken exists in every state; the active org carries its checks", () => {
    const auth = useAuthInfo();
    expectTypeOf(auth.getAccessToken).toEqualTypeOf<() => Promise<string | null>>();
    if (auth.status === "logged_in") expectTypeOf(auth.accessHelper.forOrg("o")).toEqualTypeOf<OrgAccess>();
    expectTypeOf(useActiveOrg().activeOrg).toEqualTypeOf<AuthOrg | null>();
  });

  it("withAuthInfo takes the auth prop off the wrapped component's props", () => {
    const Wrapped = withAuthInfo((_: WithAuthStateProps & { title: string }) => null);
    expectTypeOf(Wrapped).toEqualTypeOf<ComponentType<{ title: string }>>();
  });

  it("social providers are spelled as the provider spells them, or in lowercase", () => {
    expectTypeOf<"Github">().toExtend<SocialLoginProvider>();
    expectTypeOf<"github">().toExtend<SocialLoginProvider>();
    expectTypeOf<"GitHub">().not.toExtend<SocialLoginProvider>();
  });
});
