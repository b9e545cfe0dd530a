// Loads one entry as a CommonJS app would (`require`), in plain Node or with a jsdom window as the global scope
// (argv: specifier, "node" or "jsdom", jsdom's path), and prints its export names.
const [specifier, runtime, jsdomPath] = process.argv.slice(2);
if (runtime === "jsdom") {
  const { JSDOM } = require(jsdomPath);
  const { window } = new JSDOM("<!doctype html><html><body></body></html>", { url: "http://127.0.0.1/" });
  globalThis.window = window;
  for (const key of Object.getOwnPropertyNames(window)) {
    if (!(key in globalThis)) Object.defineProperty(globalThis, key, { configurable: true, get: () => window[key] });
  }
}
console.log(JSON.stringify(Object.keys(require(specifier))));
