/** The contract's own response examples, by operation and status (the fault server's correct answers, the fuzz seeds). */
import { readFileSync } from "node:fs";
import { parse } from "yaml";

// biome-ignore lint/suspicious/noExplicitAny: a parsed YAML document is untyped; this file walks it by property
type Node = any;

const doc: Node = parse(readFileSync(new URL("../../openapi/auth-api.yaml", import.meta.url), "utf8"));

function deref(node: Node): Node {
  let current = node;
  while (current?.$ref)
    current = String(current.$ref)
      .replace(/^#\//, "")
      .split("/")
      .reduce((acc: Node, key: string) => acc[key], doc);
  return current;
}

/** Every example value of every response of the contract: operationId → status → values. */
export const EXAMPLES: ReadonlyMap<string, ReadonlyMap<string, readonly unknown[]>> = (() => {
  const byOperation = new Map<string, Map<string, unknown[]>>();
  for (const pathItem of Object.values(doc.paths as Record<string, Node>)) {
    for (const op of Object.values(pathItem as Record<string, Node>)) {
      if (!op?.operationId) continue;
      const byStatus = new Map<string, unknown[]>();
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Node>)) {
        const media = deref(response)?.content?.["application/json"];
        const values = Object.values((media?.examples ?? {}) as Record<string, Node>).map(
          (example) => deref(example).value,
        );
        if (media?.example !== undefined) values.push(media.example);
        if (values.length) byStatus.set(status, values);
      }
      byOperation.set(op.operationId, byStatus);
    }
  }
  return byOperation;
})();

/** The first example of an operation's response with `status`. */
export function exampleOf(operationId: string, status: string): unknown {
  const value = EXAMPLES.get(operationId)?.get(status)?.[0];
  if (value === undefined) throw new Error(`the contract has no ${status} example for ${operationId}`);
  return value;
}
