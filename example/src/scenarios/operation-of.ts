/**
 * Which contract operation a request calls: the demo's fetch sees only URLs, so it looks the method and path up
 * among the library's operation descriptors (a `{param}` segment matches any one segment).
 */
import * as orgauth from "orgauth";
import type { OperationDescriptor, OperationId } from "orgauth";

const DESCRIPTORS = (Object.values(orgauth) as unknown[]).filter(
  (value): value is OperationDescriptor<OperationId> =>
    typeof value === "object" && value !== null && "operationId" in value && "responses" in value,
);

function pathMatches(template: string, pathname: string): boolean {
  const want = template.split("/");
  const got = pathname.split("/");
  return (
    want.length === got.length && want.every((segment, index) => segment.startsWith("{") || segment === got[index])
  );
}

/** The descriptor of the operation `method pathname` calls, or undefined for any other request. */
export function operationOf(method: string, pathname: string): OperationDescriptor<OperationId> | undefined {
  const upper = method.toUpperCase();
  return DESCRIPTORS.find((descriptor) => descriptor.method === upper && pathMatches(descriptor.path, pathname));
}
