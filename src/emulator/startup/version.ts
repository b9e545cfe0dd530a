/** The emulator's version: the orgauth package's, read from package.json when the emulator is built or run. */
import { version } from "../../../package.json";

/** The orgauth version this emulator belongs to (what `--version` prints and `GET /health` reports). */
export const EMULATOR_VERSION: string = version;
