/**
 * The command line's flags — the same for `npx orgauth-emulator` and this repository's `npm run emulator` — with the
 * line `--help` prints for each. docs/emulator.md's flags table holds the same rows (a unit test compares them).
 */
import { parseArgs } from "node:util";
import { EmulatorStartError } from "./startup/start-error.js";

/** parseArgs' options: every flag, in `--help`'s order. */
const OPTIONS = {
  port: { type: "string", default: "4020" },
  host: { type: "string", default: "127.0.0.1" },
  "data-dir": { type: "string" },
  database: { type: "string" },
  seed: { type: "string" },
  "no-seed": { type: "boolean", default: false },
  "export-seed": { type: "string" },
  "public-url": { type: "string" },
  "default-redirect": { type: "string" },
  "allowed-origin": { type: "string", multiple: true },
  "allowed-host": { type: "string", multiple: true },
  "admin-secret": { type: "string" },
  "api-key": { type: "string" },
  quiet: { type: "boolean", default: false },
  "allow-non-loopback": { type: "boolean", default: false },
  version: { type: "boolean", default: false },
  help: { type: "boolean", default: false },
} as const;

/** What `--help` says of a flag: its value's name (none for a switch) and what it does. */
interface FlagHelp {
  value?: string;
  help: string;
}

/** `--help`'s line of every flag (the type requires one for each option, and no other). */
const HELP: Record<keyof typeof OPTIONS, FlagHelp> = {
  port: { value: "N", help: "port (4020; 0 picks a free one)" },
  host: { value: "H", help: "interface (127.0.0.1); anything but loopback needs --allow-non-loopback" },
  "data-dir": {
    value: "DIR",
    help: "keep the state, the signing key and the API key in DIR (PGlite); in memory otherwise",
  },
  database: {
    value: "URL",
    help: "keep the state in PostgreSQL (postgres://… or postgresql://…); several emulators may share one database",
  },
  seed: { value: "FILE", help: "start from this seed (JSON) instead of the demo's people and orgs" },
  "no-seed": { help: "start empty (an invalid seed file stops the start, naming each problem's JSON path)" },
  "export-seed": { value: "FILE", help: "write the state as a seed file when the emulator stops" },
  "public-url": {
    value: "URL",
    help: "the origin apps reach it at, when it sits behind a proxy (links, redirects, token issuer)",
  },
  "default-redirect": {
    value: "URL",
    help: "where a login without a return address ends (default: the app the user came from)",
  },
  "allowed-origin": {
    value: "O",
    help: "an app origin allowed to call with credentials and to be returned to (repeatable; default: any port of localhost, 127.0.0.1 and [::1])",
  },
  "allowed-host": { value: "NAME", help: "a host name to answer to besides the loopback ones (repeatable)" },
  "admin-secret": {
    value: "S",
    help: "the admin API's secret (default: ORGAUTH_EMULATOR_SECRET, else random per start)",
  },
  "api-key": {
    value: "KEY",
    help: "the integration API key an app's server sends (default: ORGAUTH_EMULATOR_API_KEY, else the one kept with the data, made on the first start); 8 to 200 printable characters, no spaces",
  },
  quiet: { help: "no request log" },
  "allow-non-loopback": { help: "listen on a non-loopback interface (never in production)" },
  version: { help: "print the version and exit" },
  help: { help: "print this text and exit" },
};

/** The flag column of `--help` and of the docs' table: `--port N`, `--quiet`. */
const flagLabel = (name: string, flag: FlagHelp): string => `--${name}${flag.value ? ` ${flag.value}` : ""}`;

/** The width of `--help`'s flag column and of its lines. */
const LABEL_WIDTH = 23;
const LINE_WIDTH = 118;

/** Wraps a help text to the column after the labels. */
function wrapHelp(text: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && 2 + LABEL_WIDTH + line.length + 1 + word.length > LINE_WIDTH) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** `--help`'s text. */
export const USAGE = `orgauth-emulator [options]   a local stand-in for the auth provider, with real state

${Object.entries(HELP)
  .flatMap(([name, flag]) =>
    wrapHelp(flag.help).map((text, i) => `  ${(i === 0 ? flagLabel(name, flag) : "").padEnd(LABEL_WIDTH)}${text}`),
  )
  .join("\n")}`;

/** The one flag an unknown one looks like (`--database-url`: `--database`), by a shared start; undefined if none or several. */
function lookalike(unknown: string): string | undefined {
  const given = unknown.replace(/^-+/, "").split("=")[0]!;
  const near = Object.keys(OPTIONS).filter(
    (name) =>
      given.length >= 3 && (given.startsWith(`${name}-`) || given.startsWith(`${name}_`) || name.startsWith(given)),
  );
  return near.length === 1 ? `--${near[0]}` : undefined;
}

/** The one-line start error for a command line parseArgs refused (an unknown flag, a missing value, an argument). */
function usageError(error: unknown): EmulatorStartError {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  const unknown = /'(-[^']*)'/.exec(message)?.[1];
  const line =
    code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && unknown
      ? `Unknown option ${unknown}: ${lookalike(unknown) ? `did you mean ${lookalike(unknown)}? ` : ""}--help lists the options.`
      : code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE"
        ? `${message.split(".")[0]}: give it a value (--help lists the options).`
        : code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL"
          ? `${message.split(".")[0]}: every option starts with -- (--help lists them).`
          : `${message.split("\n")[0]}: --help lists the options.`;
  return new EmulatorStartError("usage", line, { cause: error });
}

/** Parses the command line; an unknown flag, a missing value or a stray argument is an `EmulatorStartError`. */
export function parseCli(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true }).values;
  } catch (error) {
    throw usageError(error);
  }
}
