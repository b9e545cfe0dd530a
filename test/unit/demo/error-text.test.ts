/** What the demo's error alerts and labels say to a person: human messages, real field marks, readable roles. */
import { ApiError } from "orgauth";
import { expect, it } from "vitest";
import { humanMessages, invalidIf } from "../../../example/src/components/error-text.js";
import { permissionLabel, providerLabel } from "../../../example/src/components/labels.js";

const wrongPassword = new ApiError({
  status: 400,
  operationId: "login",
  code: "invalid_request_fields",
  rawCode: "invalid_request_fields",
  userFacingError: "Please check the highlighted fields",
  userFacingErrors: { password: "Invalid email or password" },
});

it("says the field's message, not 'check the highlighted fields', and never the code", () => {
  expect(humanMessages(wrongPassword)).toEqual(["Invalid email or password"]);
  expect(humanMessages(wrongPassword).join(" ")).not.toContain("invalid_request_fields");
});

it("marks only the fields the error names, pointing at the alert", () => {
  expect(invalidIf(wrongPassword, "password", "login-error")).toEqual({
    "aria-invalid": true,
    "aria-describedby": "login-error",
  });
  expect(invalidIf(wrongPassword, "email", "login-error")).toEqual({});
  expect(invalidIf(new Error("offline"), "password", "login-error")).toEqual({});
});

it("says each message once, and the error's own message when no field is named", () => {
  const twoFields = new ApiError({
    status: 400,
    operationId: "signup",
    code: "invalid_request_fields",
    userFacingError: "Please check the highlighted fields",
    userFacingErrors: { email: "Already taken", username: "Already taken", password: "Too short" },
  });
  expect(humanMessages(twoFields)).toEqual(["Already taken", "Too short"]);
  const locked = new ApiError({
    status: 403,
    operationId: "login",
    code: "account_locked",
    userFacingError: "Your account is locked.",
  });
  expect(humanMessages(locked)).toEqual(["Your account is locked."]);
  expect(humanMessages(new Error("Enter the 6-digit code"))).toEqual(["Enter the 6-digit code"]);
});

it("words permissions for people", () => {
  expect(["can_invite", "can_manage_api_keys", "can_view_billing", "can_manage_billing"].map(permissionLabel)).toEqual([
    "invite people",
    "manage API keys",
    "view billing",
    "manage billing",
  ]);
});

it("names each social provider as the provider writes its name, from the API's name or its path", () => {
  expect(["Github", "linkedin", "Quickbooks", "Google", "xero", "Salesloft"].map(providerLabel)).toEqual([
    "GitHub",
    "LinkedIn",
    "QuickBooks",
    "Google",
    "Xero",
    "Salesloft",
  ]);
});
