/**
 * The built files of the package and the source each is bundled from (tsup's `entry`, dist/<name>.js): the build
 * reads it, and so do the tests that go from package.json's `exports` back to the sources.
 */
export const BUILD_ENTRIES: Readonly<Record<string, string>> = {
  index: "src/index.ts",
  react: "src/react.ts",
  schemas: "src/schemas.ts",
  "react-client": "src/hooks/client.ts",
  adapter: "src/adapter/index.ts",
  testing: "src/testing/index.ts",
  "testing/react": "src/testing/react.ts",
  // Next.js App Router: the server half (server components, route handlers, middleware) and the browser half.
  nextjs: "src/nextjs/index.ts",
  "nextjs-client": "src/nextjs/client.ts",
  emulator: "src/emulator/index.ts",
  // The session on the server (Node and edge): verification with jose, the request handler, the auth routes.
  server: "src/server/index.ts",
  // The `orgauth-emulator` command (package.json "bin").
  "emulator-cli": "src/emulator/bin.ts",
};
