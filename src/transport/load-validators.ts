/**
 * An operation's validators live in their own module, which a code-splitting bundler makes a chunk of its own, so
 * zod and the schemas are not part of the initial download. The first call of an operation starts loading it
 * with the request in flight; once loaded it is kept here and every later call reads it synchronously.
 */
import type { OperationDescriptor, OperationValidators } from "./operation.js";

/** The global an app's bundler may define as "off" to compile validation out (then no validators are loaded). */
export interface ValidationSwitch {
  ORGAUTH_VALIDATION?: "on" | "off" | undefined;
}

const loaded = new WeakMap<OperationDescriptor, OperationValidators>();

/**
 * The operation's validators: at once when already loaded, else a promise of them (loading starts now). A failed
 * load rejects where the promise is awaited (never unhandled: the call may fail first) and is tried again next time.
 */
export function validatorsOf(op: OperationDescriptor): OperationValidators | Promise<OperationValidators> {
  const ready = loaded.get(op);
  if (ready) return ready;
  const loading = op.validators().then(({ validators }) => {
    loaded.set(op, validators);
    return validators;
  });
  loading.catch(() => undefined);
  return loading;
}
