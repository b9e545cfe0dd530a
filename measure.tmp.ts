import { build } from "esbuild";
import { gzipSync } from "node:zlib";
const alias = { "orgauth/react": "./src/react.ts", orgauth: "./src/index.ts" };
const rows: Record<string, string> = {
  session: 'export * from "./bench/apps/orgauth-session-app.tsx";',
  client: 'import { createAuthClient } from "orgauth"; createAuthClient({ authUrl: "https://a.b" });',
  whole: 'export * from "orgauth"; export * from "orgauth/react";',
};
for (const [name, contents] of Object.entries(rows)) {
  const r = await build({ stdin: { contents, resolveDir: ".", loader: "tsx" }, bundle: true, minify: true, format: "esm", platform: "browser", write: false, splitting: true, outdir: `/tmp/m-${name}`, jsx: "automatic", external: ["react", "react-dom", "react/jsx-runtime", "@tanstack/react-query"], alias, define: { "process.env.NODE_ENV": '"production"' }, logLevel: "silent", legalComments: "none" });
  const main = r.outputFiles.find((f) => f.path.endsWith("stdin.js"))!;
  process.stdout.write(`${name} ${gzipSync(main.contents, { level: 9 }).length}  `);
}
console.log();
