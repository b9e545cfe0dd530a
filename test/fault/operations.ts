/** The fe operations the fault suite and the fuzz run call, and "is this value what the contract allows". */
import * as operations from "../../src/generated/operations.js";
import type { OperationId } from "../../src/generated/operations.js";
import type { OperationDescriptor } from "../../src/transport/index.js";

/** The representative fe operations: GET with query, POST with body, path id, paginated list, 204. */
export const OPERATIONS = ["getOrgSettings", "login", "joinOrg", "listOrgMembers", "resendEmailConfirmation"] as const;
export type FeOperation = (typeof OPERATIONS)[number];

/** The generated descriptor of an operation. */
export function descriptorOf(operationId: OperationId): OperationDescriptor<OperationId> {
  const found = (Object.values(operations) as unknown[]).find(
    (value): value is OperationDescriptor<OperationId> =>
      typeof value === "object" && value !== null && (value as { operationId?: unknown }).operationId === operationId,
  );
  if (!found) throw new Error(`no descriptor for ${operationId}`);
  return found;
}

/** Every operation's validators, loaded once (each descriptor loads its own module). */
const validators = new Map(
  await Promise.all(
    (Object.values(operations) as unknown[])
      .filter(
        (value): value is OperationDescriptor<OperationId> =>
          typeof value === "object" && value !== null && "validators" in value,
      )
      .map(async (op) => [op.operationId, (await op.validators()).validators] as const),
  ),
);

/** True when `value` is what the operation's 2xx answer may resolve with (undefined for a 204 operation). */
export function isContractValid(operationId: OperationId, value: unknown): boolean {
  const schemas = Object.values(validators.get(operationId)!.responses);
  if (schemas.length === 0) return value === undefined;
  return schemas.some((schema) => schema!.safeParse(value).success);
}
