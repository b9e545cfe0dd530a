import openapiTS, { astToString } from "openapi-typescript";
import { GENERATED_HEADER } from "./naming.js";

/**
 * Emits `src/generated/schema.d.ts` with openapi-typescript (paths, operations, components).
 * openapi-typescript rewrites the document it is given (`const: X` becomes `enum: [X]`), so it gets a copy:
 * the other emitters share the parsed contract and must see it as written.
 */
export async function emitSchemaTypes(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(structuredClone(document) as never, { silent: true });
  return `${GENERATED_HEADER}\n\n${astToString(ast)}`;
}
