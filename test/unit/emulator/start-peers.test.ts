/**
 * Start failures that are a missing package or a mistyped flag: the missing package is named first, with the one
 * install line that fixes it, and a flag that looks like a known one is suggested.
 */
import { describe, expect, it } from "vitest";
import { AdapterError } from "../../../src/adapter/errors.js";
import { parseCli } from "../../../src/emulator/cli-flags.js";
import { EMULATOR_INSTALL } from "../../../src/emulator/startup/peers.js";
import { databaseFailure, dataDirFailure } from "../../../src/emulator/startup/start-checks.js";

const url = new URL("postgres://app:secret@127.0.0.1:5432/emulator");
/** The adapter's error for a peer Node cannot find, as openPostgres and openEmbeddedDatabase throw it. */
const notInstalled = (name: string, code = "ERR_MODULE_NOT_FOUND") =>
  new AdapterError("database_error", `needs the optional peer dependency ${name}`, {
    cause: Object.assign(new Error(`Cannot find package '${name}' imported from /app/node_modules/orgauth/dist/x.js`), {
      code,
    }),
  });

describe("a missing package", () => {
  it("--database without pg names pg and its install line, not an unreachable server", () => {
    const failure = databaseFailure(notInstalled("pg"), url);
    expect(failure.reason).toBe("missing_package");
    expect(failure.message).toBe(
      "The database option (--database) needs the package pg, which is not installed: npm install --save-dev pg",
    );
  });

  it("PGlite missing (a CommonJS require too) names the one line that installs every peer", () => {
    const failure = dataDirFailure(notInstalled("@electric-sql/pglite/dist/index.js", "MODULE_NOT_FOUND"), "data");
    expect(failure.reason).toBe("missing_package");
    expect(failure.message).toBe(
      `The emulator needs packages that are optional for orgauth (@electric-sql/pglite is not installed): ${EMULATOR_INSTALL}`,
    );
    expect(EMULATOR_INSTALL).toBe("npm install --save-dev @electric-sql/pglite jose otpauth qrcode");
  });

  it("an unreachable server is still one", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(databaseFailure(refused, url).reason).toBe("database_unreachable");
  });
});

describe("a mistyped flag", () => {
  const usage = (argv: string[]) => {
    try {
      parseCli(argv);
    } catch (error) {
      return (error as Error).message;
    }
    return "started";
  };

  it("--database-url suggests --database", () => {
    expect(usage(["--database-url", "postgres://127.0.0.1/auth"])).toBe(
      "Unknown option --database-url: did you mean --database? --help lists the options.",
    );
  });

  it("a flag like none, or like several, suggests nothing", () => {
    expect(usage(["--prot", "4020"])).toBe("Unknown option --prot: --help lists the options.");
    expect(usage(["--data", "x"])).toBe("Unknown option --data: --help lists the options.");
  });
});
