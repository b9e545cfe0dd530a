import type { Contract, SchemaNode } from "./contract.js";
import type { OperationModel } from "./model.js";
import { GENERATED_HEADER, literal } from "./naming.js";

/**
 * Where the emulator's list of the contract's error codes is written, from the repository root: beside the emulator's
 * error replies, since the emulator may not import src/generated/. `--out` does not move it.
 */
export const EMULATOR_ERROR_CODES_FILE = "src/emulator/http/error-codes.generated.ts";

/**
 * Every error code the contract defines: the `ErrorCode` enum of the error body in its order, then any code an
 * operation's error response documents beyond it (none today; the enum is meant to hold them all).
 */
function contractErrorCodes(contract: Contract, operations: OperationModel[]): string[] {
  const errorCode = contract.document.components?.schemas?.ErrorCode as SchemaNode | undefined;
  if (!errorCode?.enum?.length) throw new Error("The contract has no ErrorCode enum (components.schemas.ErrorCode)");
  return [...new Set([...errorCode.enum.map(String), ...operations.flatMap((op) => op.errorCodes)])];
}

/** Emits the emulator's `ContractErrorCode` type: the contract's error codes as a union of string literals. */
export function emitEmulatorErrorCodes(contract: Contract, operations: OperationModel[]): string {
  const codes = contractErrorCodes(contract, operations).map((code) => `  | ${literal(code)}`);
  return [
    GENERATED_HEADER,
    "",
    "/** Every error code the contract defines (its `ErrorCode` enum and each error response's codes). */",
    `export type ContractErrorCode =\n${codes.join("\n")};`,
    "",
  ].join("\n");
}
