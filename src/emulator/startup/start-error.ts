/** `EmulatorStartError`: why the emulator could not start, in one line that names the cause and the fix. */
import { OrgauthError } from "../../shared/orgauth-error.js";

/** Which option or resource stopped the start. */
export type EmulatorStartFailure =
  /** An unknown flag, a flag without its value, or a stray argument on the command line. */
  | "usage"
  /** A port that is not a whole number from 0 to 65535, or one this user may not listen on. */
  | "port"
  /** Another process already listens on the port. */
  | "port_in_use"
  /** A host that is not loopback (without `allowNonLoopback`) or not an address of this machine. */
  | "host"
  /** A database URL that is not a PostgreSQL one (`postgres://`, `postgresql://`). */
  | "database_url"
  /** An optional package the emulator needs is not installed (`pg` for `--database`, PGlite, jose, otpauth, qrcode). */
  | "missing_package"
  /** The PostgreSQL server cannot be reached, refuses the login or has no such database. */
  | "database_unreachable"
  /** The data directory cannot be created, locked or opened. */
  | "data_dir"
  /** Another option's value is unusable (the public URL, the default redirect). */
  | "option";

/** The emulator could not start; `message` is one line naming the cause and the fix, `reason` which it was. */
export class EmulatorStartError extends OrgauthError {
  override readonly name = "EmulatorStartError";
  readonly type = "emulator_start";

  constructor(
    readonly reason: EmulatorStartFailure,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}
