import { describe, expect, it } from "vitest";
import { AdapterError, type AdapterErrorCode } from "../../src/adapter/index.js";
import { toAdapterError } from "../../src/adapter/errors.js";

const driverError = (message: string, code?: string): Error =>
  Object.assign(new Error(message), code === undefined ? {} : { code });

describe("driver errors become typed AdapterErrors", () => {
  const cases: [string, Error, AdapterErrorCode][] = [
    ["unique violation", driverError("duplicate key value", "23505"), "conflict"],
    ["foreign key violation", driverError("violates foreign key constraint", "23503"), "not_found"],
    ["missing table", driverError('relation "users" does not exist', "42P01"), "schema_missing"],
    ["bad text representation", driverError("invalid input syntax for type bigint", "22P02"), "invalid_input"],
    ["check violation", driverError("violates check constraint", "23514"), "invalid_input"],
    [
      "backend terminated",
      driverError("terminating connection due to administrator command", "57P01"),
      "connection_lost",
    ],
    ["refused connection", driverError("connect ECONNREFUSED 127.0.0.1:1", "ECONNREFUSED"), "connection_lost"],
    ["closed PGlite", driverError("PGlite is closed"), "connection_lost"],
    ["dropped pg connection", driverError("Connection terminated unexpectedly"), "connection_lost"],
    ["anything else", driverError("division by zero", "22012"), "invalid_input"],
    ["a server-side failure", driverError("out of shared memory", "53200"), "database_error"],
  ];
  for (const [name, error, code] of cases) {
    it(`${name} → ${code}`, () => {
      const typed = toAdapterError(error, "getUser");
      expect(typed).toBeInstanceOf(AdapterError);
      expect(typed.code).toBe(code);
      expect(typed.message).toMatch(/^getUser: /);
      expect(typed.cause).toBe(error);
    });
  }

  it("keeps the SQLSTATE and passes an AdapterError through unchanged", () => {
    expect(toAdapterError(driverError("out of shared memory", "53200"), "x").sqlState).toBe("53200");
    const original = new AdapterError("conflict", "already typed");
    expect(toAdapterError(original, "x")).toBe(original);
    expect(toAdapterError("a string was thrown", "x").code).toBe("database_error");
  });
});
