/** The optional packages the emulator loads, and the one install line that brings every one of them. */

/** The optional peers every start of the emulator needs (`pg` only with `--database`). */
const EMULATOR_PEERS = ["@electric-sql/pglite", "jose", "otpauth", "qrcode"] as const;

/** The install line that brings every peer the emulator needs. */
export const EMULATOR_INSTALL = `npm install --save-dev ${EMULATOR_PEERS.join(" ")}`;

const NOT_FOUND = new Set(["ERR_MODULE_NOT_FOUND", "MODULE_NOT_FOUND"]);

/** The package a failure (or any error in its cause chain) could not load, or undefined when none is missing. */
export function missingPackage(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 10; depth++) {
    const { code } = current as { code?: unknown };
    const named = /Cannot find (?:package|module) '([^']+)'/.exec(current.message)?.[1];
    if (typeof code === "string" && NOT_FOUND.has(code) && named && !/^[./]/.test(named))
      return named.startsWith("@") ? named.split("/").slice(0, 2).join("/") : named.split("/")[0];
    current = current.cause;
  }
  return undefined;
}
