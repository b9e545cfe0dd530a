import { expect, it } from "vitest";
import { freePort, stopProcess } from "../../scripts/lib/prism.js";
import packageJson from "../../package.json";
import { runCli } from "./run-cli.js";

/** `npm run emulator` as a user starts it: the banner, a working server with the seed, and the loopback rule. */
it("starts on loopback with the not-for-production banner, serves the seed, a home page and /health", async () => {
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

    // The home page: links to where a developer goes next, and no secret of the banner's.
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(home.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    const page = await home.text();
    for (const href of [
      "/__emulator/ui",
      "/outbox",
      "/.well-known/jwks.json",
      "/.well-known/verifier-key.pem",
      "/health",
    ])
      expect(page).toContain(`href="${href}"`);
    expect(page).toContain("initBaseAuth({");
    const secret = /x-emulator-secret: (\S+)/.exec(cli.output())?.[1];
    const apiKey = /API key {4}(\S+)/.exec(cli.output())?.[1];
    expect([secret?.length, apiKey?.length]).toEqual([expect.any(Number), expect.any(Number)]);
    expect(page).not.toContain(secret);
    expect(page).not.toContain(apiKey);
    expect(page).not.toMatch(/token=[\w%-]/);

    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect([health.status, await health.json()]).toEqual([
      200,
      { status: "ok", version: packageJson.version, store: "pglite" },
    ]);
    // Not readable by an app's page (no hosted page is CORS-readable).
    const fromApp = await fetch(`http://127.0.0.1:${port}/`, { headers: { Origin: "http://localhost:3000" } });
    expect(fromApp.headers.get("access-control-allow-origin")).toBeNull();
  } finally {
    await stopProcess(cli.child);
  }
});

it("refuses a non-loopback host unless --allow-non-loopback, with a clear message", async () => {
  const cli = runCli(["--host", "0.0.0.0", "--port", "0"]);
  expect(await cli.exited).toBe(2);
  expect(cli.output()).toContain(
    "The emulator listens on loopback only; 0.0.0.0 needs allowNonLoopback (--allow-non-loopback)",
  );
});

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
});

it("logs each request (ISO time, method, path, status, error code, duration), and not with --quiet", async () => {
  const [port, quietPort] = [await freePort(), await freePort()];
  const cli = runCli(["--port", String(port)]);
  const quiet = runCli(["--port", String(quietPort), "--quiet"]);
  try {
    await Promise.all([cli.printed(/Press Ctrl-C/), quiet.printed(/Press Ctrl-C/)]);
    for (const p of [port, quietPort]) await fetch(`http://127.0.0.1:${p}/api/v1/refresh_token?secret=x`);
    await fetch(`http://127.0.0.1:${port}/.well-known/jwks.json`);
    await cli.printed(/GET \/\.well-known\/jwks\.json 200/);
    const lines = cli.output().split("\n");
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z GET \/api\/v1\/refresh_token 401 not_logged_in \d+\.\d ms$/,
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}\S+Z GET \/\.well-known\/jwks\.json 200 \d+\.\d ms$/));
    expect(cli.output()).not.toContain("secret=x");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(quiet.output()).not.toMatch(/refresh_token 401/);
  } finally {
    await stopProcess(cli.child);
    await stopProcess(quiet.child);
  }
});

it("prints backend settings that, pasted as printed, verify its tokens with the provider's backend library", async () => {
  const port = await freePort();
  const cli = runCli(["--port", String(port), "--quiet", "--default-redirect", "http://localhost:5173/home"]);
  try {
    await cli.printed(/Press Ctrl-C/);
    const pasted = /initBaseAuth\(\{[\s\S]*?\}\);/.exec(cli.output())![0];
    const { initBaseAuth } = await import("@propelauth/node");
    const backend = new Function("initBaseAuth", `return ${pasted}`)(initBaseAuth) as ReturnType<typeof initBaseAuth>;
    const url = `http://127.0.0.1:${port}`;
    const login = await fetch(`${url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "ada@acme.example", password: "orgauth-demo" }),
    });
    expect(login.headers.get("location")).toBe("http://localhost:5173/home");
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const { access_token } = (await (
      await fetch(`${url}/api/v1/refresh_token`, { headers: { Cookie: cookie } })
    ).json()) as {
      access_token: string;
    };
    expect((await backend.validateAccessTokenAndGetUser(`Bearer ${access_token}`)).email).toBe("ada@acme.example");
  } finally {
    await stopProcess(cli.child);
  }
});
