/**
 * The error responses every operation documents, beside its own: `unexpected_error` at 500 (any call can fail on the
 * server), 401 on a call with a bearer (the integration API key or an access token can be refused), and 429 on the
 * provider's backend API (it rate-limits). `npm run generate` refuses an operation without them, naming the file to
 * edit and the shared response to add; openapi/redocly.yaml's rules hold the bundle to the same.
 */
import { areaFilesByPath } from "../lib/area-files.js";
import type { OperationModel } from "./model-types.js";

/** One standard error response: its status, the code it answers, the shared response that documents it, and why. */
interface StandardError {
  status: number;
  code?: string;
  response: string;
  why: string;
}

/** The standard error responses `op` must document (none for a browser navigation: it answers HTML pages). */
function standardErrors(op: OperationModel): StandardError[] {
  if (op.kind === "navigation") return [];
  const wanted: StandardError[] = [
    {
      status: 500,
      code: "unexpected_error",
      response: "UnexpectedError",
      why: "any call can fail on the server",
    },
  ];
  if (op.bearer === "apiKey")
    wanted.push({ status: 401, response: "InvalidApiKey", why: "the API key can be refused" });
  if (op.bearer === "accessToken")
    wanted.push({ status: 401, response: "NotLoggedIn", why: "the access token can be refused" });
  if (op.statusCodes !== undefined)
    wanted.push({ status: 429, response: "BackendRateLimited", why: "the backend API rate-limits" });
  return wanted;
}

/** True when `op` documents `standard` (at its status, with its code when it names one). */
function documents(op: OperationModel, standard: StandardError): boolean {
  const response = op.errorResponses.find((r) => r.status === standard.status);
  if (!response || standard.code === undefined) return response !== undefined;
  return response.errorCodes.includes(standard.code) || op.statusCodes?.[standard.status] === standard.code;
}

/** Throws for the first operation without one of its standard error responses, naming the file and the fix. */
export function assertStandardErrorResponses(operations: OperationModel[]): void {
  for (const op of operations) {
    for (const standard of standardErrors(op).filter((wanted) => !documents(op, wanted))) {
      const file = areaFilesByPath().get(op.path) ?? "its file under openapi/areas/";
      const answer = standard.code ? ` answering ${standard.code}` : "";
      throw new Error(
        `${op.operationId} (${op.method} ${op.path}) documents no ${standard.status} response${answer} (${standard.why}): ` +
          `add '${standard.status}': { $ref: '#/components/responses/${standard.response}' } to its responses in ${file}`,
      );
    }
  }
}
