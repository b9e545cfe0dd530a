import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeDirectory } from "../../../src/adapter/make-directory.js";
import { startFailureLine } from "../../../src/emulator/cli.js";
import { SeedError } from "../../../src/emulator/seeds/seed-validate.js";
import {
  checkDatabaseUrl,
  checkHttpUrl,
  databaseFailure,
  dataDirFailure,
  parsePort,
} from "../../../src/emulator/startup/start-checks.js";

const url = new URL("postgres://app:secret@db.internal:6543/emulator");
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("the emulator's start checks", () => {
  it("reads ports 0 to 65535 and nothing else", () => {
    expect([parsePort("0"), parsePort("4020"), parsePort("65535")]).toEqual([0, 4020, 65535]);
    for (const text of ["", "abc", "-1", "65536", "4020.5", "0x10", " 80"])
      expect(() => parsePort(text), text).toThrow(expect.objectContaining({ type: "emulator_start", reason: "port" }));
  });

  it("takes postgres:// and postgresql:// URLs only", () => {
    expect(checkDatabaseUrl("postgresql://localhost/db").hostname).toBe("localhost");
    for (const text of ["mysql://root:pw@h/db", "sqlite:///tmp/x.db", "localhost:5432", ""])
      expect(() => checkDatabaseUrl(text), text).toThrow(expect.objectContaining({ reason: "database_url" }));
  });

  it("keeps the URL parser's error as the cause of a refused URL, the database URL's without its text", () => {
    const refusal = (check: () => unknown) => {
      try {
        check();
      } catch (error) {
        return error as Error;
      }
      throw new Error("not refused");
    };
    const publicUrl = refusal(() => checkHttpUrl("not a url", "public URL (--public-url)", "http://127.0.0.1:4020"));
    expect(publicUrl.cause).toMatchObject({ name: "TypeError", code: "ERR_INVALID_URL" });
    const database = refusal(() => checkDatabaseUrl("postgres//app:secret@db.internal/emulator"));
    expect(database.cause).toMatchObject({ name: "TypeError", code: "ERR_INVALID_URL" });
    expect(JSON.stringify(Object.entries(database.cause as object))).not.toContain("secret");
    // a URL that parses but is not http(s) or PostgreSQL has no cause to keep
    expect(refusal(() => checkDatabaseUrl("mysql://root:pw@h/db")).cause).toBeUndefined();
  });

  it("names the server and the fix for each way PostgreSQL fails, never the password", () => {
    const lines = [
      databaseFailure(pgError("28P01", 'password authentication failed for user "app"'), url),
      databaseFailure(pgError("3D000", 'database "emulator" does not exist'), url),
      databaseFailure(new AggregateError([pgError("ECONNREFUSED", "connect ECONNREFUSED ::1:6543")], ""), url),
      databaseFailure(pgError("ENOTFOUND", "getaddrinfo ENOTFOUND db.internal"), url),
    ].map((error) => {
      expect(error.reason).toBe("database_unreachable");
      expect(error.message).not.toContain("secret");
      expect(error.message.split("\n")).toHaveLength(1);
      return error.message;
    });
    expect(lines[0]).toMatch(
      /^PostgreSQL at db\.internal:6543 refused the login \(password authentication.*check the user and password/,
    );
    expect(lines[1]).toMatch(/^PostgreSQL at db\.internal:6543 has no such database .*create it/);
    expect(lines[2]).toBe(
      "Cannot reach PostgreSQL at db.internal:6543 (ECONNREFUSED): check that the server is running, and the host and port in the database URL (--database).",
    );
    expect(lines[3]).toMatch(/^Cannot reach PostgreSQL at db\.internal:6543 \(getaddrinfo ENOTFOUND db\.internal\)/);
    expect(databaseFailure(new Error("x"), new URL("postgres:///db")).message).toContain("localhost:5432");
  });

  it("keeps the lock's own explanation when the data directory is in use", () => {
    const locked = Object.assign(new Error("The embedded database directory d is in use by process 7"), {
      code: "directory_locked",
    });
    expect(dataDirFailure(locked, "d").message).toBe("The embedded database directory d is in use by process 7");
  });

  it("prints one line for a start error, a one-problem seed and an unexpected error", () => {
    expect(startFailureLine(new SeedError("s.json", ["users[0].email: Invalid email"]))).toBe(
      "Invalid seed (s.json), nothing was started: users[0].email: Invalid email",
    );
    expect(startFailureLine(new TypeError("boom\n    at x (y.js:1:2)"))).toBe("The emulator could not start: boom");
  });
});

describe("makeDirectory", () => {
  it("creates missing parents, accepts an existing directory, and fails with the system's error", () => {
    const base = mkdtempSync(join(tmpdir(), "orgauth-mkdir-"));
    try {
      makeDirectory(join(base, "a", "b", "c"));
      makeDirectory(join(base, "a", "b", "c"));
      expect(statSync(join(base, "a", "b", "c")).isDirectory()).toBe(true);
      writeFileSync(join(base, "file"), "");
      expect(() => makeDirectory(join(base, "file"))).toThrow(expect.objectContaining({ code: "EEXIST" }));
      expect(() => makeDirectory(join(base, "file", "x", "y"))).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it.skipIf(process.platform !== "linux")(
    "ends where the kernel answers ENOENT for a parent that exists (/proc)",
    () => {
      expect(() => makeDirectory("/proc/orgauth-no-such/data")).toThrow(
        expect.objectContaining({ code: "ENOENT", path: "/proc/orgauth-no-such" }),
      );
    },
  );
});
