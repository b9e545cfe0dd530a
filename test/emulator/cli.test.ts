import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";
import { freePort, repoRoot, stopProcess } from "../../scripts/lib/prism.js";

/** `npm run emulator` as a user starts it: the banner, a working server with the seed, and the loopback rule. */
function runCli(args: string[]): {
  child: ChildProcess;
  output: () => string;
  printed: (pattern: RegExp) => Promise<void>;
  exited: Promise<number | null>;
} {
  const child = spawn(join(repoRoot, "node_modules", ".bin", "tsx"), ["scripts/emulator.ts", ...args], {
    cwd: repoRoot,
    stdio: "pipe",
  });
  let output = "";
  const listeners: (() => void)[] = [];
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", read);
  child.stderr?.on("data", read);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => pattern.test(output) && resolve();
      listeners.push(check);
      check();
      void exited.then(() => reject(new Error(`exited before printing ${pattern}:\n${output}`)));
    });
  return { child, output: () => output, printed, exited };
}

it("starts on loopback with the not-for-production banner and serves the seed", async () => {
  const port = await freePort();
  const cli = runCli(["--port", String(port)]);
  try {
    await cli.printed(/Press Ctrl-C/);
    expect(cli.output()).toContain("NOT FOR PRODUCTION");
    const login = await fetch(`http://127.0.0.1:${port}/api/fe/v3/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
      body: JSON.stringify({ email: "ada@acme.example", password: "orgauth-demo" }),
    });
    expect(await login.json()).toEqual({ login_state: "Finished" });
  } finally {
    await stopProcess(cli.child);
  }
}, 60_000);

it("refuses a non-loopback host unless --allow-non-loopback, with a clear message", async () => {
  const cli = runCli(["--host", "0.0.0.0", "--port", "0"]);
  expect(await cli.exited).toBe(2);
  expect(cli.output()).toContain(
    "The emulator listens on loopback only; 0.0.0.0 needs allowNonLoopback (--allow-non-loopback)",
  );
}, 60_000);

it("prints the admin secret in the banner and narrows CORS to --allowed-origin", async () => {
  const port = await freePort();
  const cli = runCli(["--port", String(port), "--allowed-origin", "http://app.test:5173"]);
  try {
    await cli.printed(/Press Ctrl-C/);
    const secret = /x-emulator-secret: (\S+)/.exec(cli.output())?.[1] ?? "";
    const reset = (headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${port}/__emulator/reset`, { method: "POST", headers });
    expect((await reset({ "x-emulator-secret": secret })).status).toBe(200);
    expect((await reset({})).status).toBe(403);
    const from = (origin: string) =>
      fetch(`http://127.0.0.1:${port}/api/v1/refresh_token`, { headers: { Origin: origin } });
    expect((await from("http://localhost:3000")).status).toBe(403);
    expect((await from("http://app.test:5173")).headers.get("access-control-allow-origin")).toBe(
      "http://app.test:5173",
    );
  } finally {
    await stopProcess(cli.child);
  }
}, 60_000);
