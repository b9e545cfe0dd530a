// Loads one entry as an ES module app would (`import`), in plain Node or with a jsdom window as the global scope
// (argv: specifier, "node", "jsdom" or "next", jsdom's file URL), and prints its export names. A JSON entry is imported as
// JSON.
const [specifier, runtime, jsdomUrl] = process.argv.slice(2);
if (runtime === "next") {
  // Next.js's bundlers resolve `next/headers` & co (next has no `exports`) as CommonJS does: with the file extension
  const { register } = await import("node:module");
  const hook = `export async function resolve(specifier, context, next) {
    try { return await next(specifier, context); }
    catch (error) { if (/^next\\/[a-z-]+$/.test(specifier)) return next(specifier + ".js", context); throw error; }
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}
if (runtime === "jsdom") {
  const { JSDOM } = await import(jsdomUrl);
  const { window } = new JSDOM("<!doctype html><html><body></body></html>", { url: "http://127.0.0.1/" });
  globalThis.window = window;
  for (const key of Object.getOwnPropertyNames(window)) {
    if (!(key in globalThis)) Object.defineProperty(globalThis, key, { configurable: true, get: () => window[key] });
  }
}
const loaded = specifier.endsWith(".json")
  ? await import(specifier, { with: { type: "json" } })
  : await import(specifier);
console.log(JSON.stringify(Object.keys(specifier.endsWith(".json") ? loaded.default : loaded)));
