/**
 * The contract's zod/mini schemas, for code that validates values itself and wants them at once. The client does
 * not need this entry: each operation loads its own validators when it is first called.
 *
 * @module orgauth/schemas
 */
export * from "./generated/zod.js";
