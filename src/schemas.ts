// Entry "orgauth/schemas": the contract's zod/mini schemas, for code that validates values itself and wants them at
// once. The client does not need this entry: each operation loads its own validators when it is first called.
export * from "./generated/zod.js";
