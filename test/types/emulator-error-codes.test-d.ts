import { expectTypeOf, test } from "vitest";
import type { ContractErrorCode } from "../../src/emulator/http/error-codes.generated.js";
import type { EmulatorErrorCode, EmulatorOnlyErrorCode } from "../../src/emulator/http/error-codes.js";
import { errorBody, ProviderError } from "../../src/emulator/http/errors.js";
import type { components } from "../../src/generated/schema.js";

test("the emulator's generated list is the contract's ErrorCode, and its own codes are not in the contract", () => {
  expectTypeOf<ContractErrorCode>().toEqualTypeOf<components["schemas"]["ErrorCode"]>();
  expectTypeOf<Extract<EmulatorOnlyErrorCode, ContractErrorCode>>().toBeNever();
  expectTypeOf<EmulatorErrorCode>().toEqualTypeOf<ContractErrorCode | EmulatorOnlyErrorCode>();
});

test("an error reply with a code in neither list does not compile", () => {
  expectTypeOf(
    new ProviderError(404, "org_not_found", "Organization not found").code,
  ).toEqualTypeOf<EmulatorErrorCode>();
  expectTypeOf(errorBody("origin_not_allowed", "no")).toEqualTypeOf<Record<string, unknown>>();
  // @ts-expect-error a code the contract does not define and the emulator does not own
  new ProviderError(404, "org_missing", "Organization not found");
  // @ts-expect-error the same for the plain error body
  errorBody("no_such_code", "no");
});
