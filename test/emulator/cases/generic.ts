import type { EmulatorSettings } from "../../../src/emulator/index.js";
import type { OperationModel } from "../../../scripts/codegen/model.js";
import { type BrowserOperationId, validCalls } from "../../contract/calls.js";
import { admin, Browser, loggedIn } from "../harness.js";
import type { Case } from "./case.js";

/** The project setting whose "off" makes each operation answer action_disabled. */
const disablingSetting: Partial<Record<BrowserOperationId, keyof EmulatorSettings>> = {
  login: "passwordLogin",
  signup: "signup",
  createOrg: "orgCreation",
  deleteOrg: "orgDeletion",
  updateEmail: "emailChange",
  deleteMe: "accountDeletion",
  listPersonalApiKeys: "personalApiKeys",
  listOrgApiKeys: "orgApiKeys",
};

const codesAt = (op: OperationModel, status: number): string[] =>
  op.errorResponses.find((r) => r.status === status)?.errorCodes ?? [];

/**
 * The rules every operation shares, derived from the contract: not_logged_in without a session, email_not_confirmed
 * for a user whose e-mail is unconfirmed (Una), and action_disabled when the setting that governs the operation is off
 * (`orgs` for the organisation and membership calls).
 */
export function genericCases(operations: OperationModel[]): Case[] {
  return operations.flatMap((op) => {
    const id = op.operationId as BrowserOperationId;
    const call = validCalls[id];
    // an operation the tests cannot call yet: the contract test names it and the file its row goes in
    if (!call) return [];
    const cases: Case[] = [];
    if (op.path.startsWith("/api/fe/v3") && codesAt(op, 401).includes("not_logged_in")) {
      cases.push({
        op: id,
        status: 401,
        code: "not_logged_in",
        rule: "no session cookie",
        run: () => call(new Browser().t),
      });
    }
    if (codesAt(op, 403).includes("email_not_confirmed")) {
      cases.push({
        op: id,
        status: 403,
        code: "email_not_confirmed",
        rule: "the user's e-mail is not confirmed (settings.requireEmailConfirmation)",
        run: async () => call((await loggedIn("una@acme.example")).t),
      });
    }
    if (codesAt(op, 403).includes("action_disabled")) {
      const setting = disablingSetting[id] ?? "orgs";
      cases.push({
        op: id,
        status: 403,
        code: "action_disabled",
        rule: `settings.${setting} off`,
        async run() {
          const browser = id === "login" || id === "signup" ? new Browser() : await loggedIn("ada@acme.example");
          await admin.configure({ [setting]: false });
          return call(browser.t);
        },
      });
    }
    return cases;
  });
}
