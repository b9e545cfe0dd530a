import type { OperationModel } from "./model.js";
import { GENERATED_HEADER } from "./naming.js";

/** Emits `src/generated/queries.ts` (the React Query layer). */
export function emitQueries(operations: OperationModel[]): string {
  void operations;
  return `${GENERATED_HEADER}\nexport {};\n`;
}
