/**
 * The test servers' start checks (Prism's `waitUntilReady`, the frameworks stage's `serve`) take a server for started
 * only when the process they started says it listens on the URL: between `freePort` and the bind, another process of
 * the machine can take the port, and its answers must not pass for the started server's.
 */
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitUntilReady } from "../../scripts/lib/prism.js";
import { serve } from "../frameworks/example-apps.js";

/** A process that fails as a server whose port is taken does: it prints its error and exits. */
const FAILS_TO_BIND = ["-e", "setTimeout(() => { console.error('EADDRINUSE'); process.exit(1); }, 300)"];

describe("a start whose port another server answers on", () => {
  let other: Server;
  let url: string;
  beforeAll(async () => {
    other = createServer((_, response) => response.end("another server"));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(other.address() as { port: number }).port}`;
  });
  afterAll(() => other.close());

  it("fails Prism's start with the process's output", async () => {
    const child = spawn(process.execPath, FAILS_TO_BIND, { stdio: "pipe" });
    let output = "";
    child.stderr.on("data", (chunk) => (output += chunk));
    await expect(waitUntilReady(child, url, () => output)).rejects.toThrow(/exited early \(1\):\nEADDRINUSE/);
  });

  it("fails an example's start with the command's output", async () => {
    await expect(serve(process.cwd(), FAILS_TO_BIND, url)).rejects.toThrow(/exited:\nEADDRINUSE/);
  });

  it("passes once the process says it listens there", async () => {
    const says = ["-e", `console.log(${JSON.stringify(`listening on ${url}`)}); setTimeout(() => {}, 60_000)`];
    const server = await serve(process.cwd(), says, url);
    await server.stop();
  });

  it("passes when the process prints its address in colour, the port in bold as Vite does under a terminal", async () => {
    const port = url.slice(url.lastIndexOf(":") + 1);
    const coloured = `\u001b[36m${url.slice(0, -port.length)}\u001b[1m${port}\u001b[22m\u001b[39m`;
    const printsForever = (line: string) => [
      "-e",
      `console.log(${JSON.stringify(line)}); setTimeout(() => {}, 60_000)`,
    ];
    const vite = await serve(process.cwd(), printsForever(`  Local:   ${coloured}/`), url);
    await vite.stop();
    const prism = spawn(process.execPath, printsForever(`Prism is listening on ${coloured}`), { stdio: "pipe" });
    let output = "";
    prism.stdout.on("data", (chunk) => (output += chunk));
    await waitUntilReady(prism, url, () => output).finally(() => prism.kill());
  });
});
