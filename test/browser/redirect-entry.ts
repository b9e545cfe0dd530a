// Bundled by esbuild into the redirect test page: an fe call (login) whose answer the test server redirects.
import { login } from "../../src/generated/operations.js";
import { ApiError, ExchangeFailure, createTransport } from "../../src/transport/index.js";

const transport = createTransport({ authUrl: location.origin, timeoutMs: 10_000, logger: { warn: () => undefined } });

/** Runs the call and describes how it ended (plain data for page.evaluate). */
async function runLogin(): Promise<Record<string, unknown>> {
  try {
    return { resolved: await login(transport, { body: { email: "ada@example.com", password: "correct horse" } }) };
  } catch (error) {
    const cause = error instanceof ApiError ? error.cause : undefined;
    return {
      name: error instanceof Error ? error.name : String(error),
      code: error instanceof ApiError ? error.code : null,
      status: error instanceof ApiError ? error.status : null,
      causeKind: cause instanceof ExchangeFailure ? cause.kind : null,
    };
  }
}
(window as unknown as { runLogin: typeof runLogin }).runLogin = runLogin;
