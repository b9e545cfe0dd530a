import { parseArgs } from "node:util";

/** What `npm run generate` was asked to do. */
export interface GenerateFlags {
  /** Write nothing; exit 1 when the bundle or the generated files are stale. */
  check: boolean;
  /** The folder to write (or check) instead of src/generated/. */
  out: string | undefined;
  /** Regenerate whenever the contract or the generator changes. */
  watch: boolean;
  help: boolean;
}

/** The flags `npm run generate` takes, as its usage error and `--help` list them. */
export const GENERATE_USAGE = `Usage: npm run generate [-- <flags>]
  --check       write nothing; exit 1 when openapi/auth-api.yaml, src/generated/ or the emulator's error codes are stale
  --out <dir>   write (or check) <dir> instead of src/generated/ (the emulator's error codes stay in place)
  --watch       regenerate on every change under openapi/ and scripts/codegen/ (Ctrl-C stops)
  --help        this text`;

/** A command line `npm run generate` does not understand; the message names the culprit and lists the flags. */
export class GenerateUsageError extends Error {
  constructor(problem: string) {
    super(`npm run generate: ${problem}\n${GENERATE_USAGE}`);
    this.name = "GenerateUsageError";
  }
}

/** Parses `npm run generate`'s arguments; an unknown flag, a stray argument or a bad combination throws. */
export function parseGenerateFlags(args: string[]): GenerateFlags {
  let values: { check?: boolean; out?: string; watch?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        check: { type: "boolean" },
        out: { type: "string" },
        watch: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    const unknown = /Unknown option '([^']+)'/.exec(String((error as Error).message))?.[1];
    const positional = /Unexpected argument '([^']+)'/.exec(String((error as Error).message))?.[1];
    throw new GenerateUsageError(
      unknown
        ? `unknown flag ${unknown}.`
        : positional
          ? `unexpected argument ${positional}.`
          : `${(error as Error).message.split("\n")[0]}.`,
    );
  }
  if (values.check && values.watch) throw new GenerateUsageError("--check and --watch do not go together.");
  return { check: values.check ?? false, out: values.out, watch: values.watch ?? false, help: values.help ?? false };
}
