import openapiTS, { astToString } from "openapi-typescript";
import { GENERATED_HEADER } from "./naming.js";

/** Emits `src/generated/schema.d.ts` with openapi-typescript (paths, operations, components). */
export async function emitSchemaTypes(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as never, { silent: true });
  return `${GENERATED_HEADER}\n\n${astToString(ast)}`;
}
