/** The emulator's backend API-key fields: metadata given as JSON text that does not parse keeps the parser's error. */
import { expect, it } from "vitest";
import { FieldMapError } from "../../../src/emulator/http/backend-errors.js";
import { metadataOf } from "../../../src/emulator/routes/backend-api-key-fields.js";

it("refuses metadata that is neither an object nor JSON-encoded one, the parser's error as the cause", () => {
  expect(metadataOf({ metadata: '{"plan":"pro"}' })).toEqual({ plan: "pro" });
  let refused: unknown;
  try {
    metadataOf({ metadata: "{plan: pro" });
  } catch (error) {
    refused = error;
  }
  expect(refused).toBeInstanceOf(FieldMapError);
  expect((refused as FieldMapError).body()).toEqual({ metadata: ["Must be an object or a JSON-encoded object"] });
  expect((refused as FieldMapError).cause).toBeInstanceOf(SyntaxError);
});
