/** Serves the API on 127.0.0.1:$PORT with the project's settings from the environment. */
import { createApp } from "./app.js";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (see README.md)`);
  return value;
};

const verifierKey = process.env.PROPELAUTH_VERIFIER_KEY?.replaceAll("\\n", "\n");
const app = await createApp({
  authUrl: env("PROPELAUTH_AUTH_URL"),
  apiKey: env("PROPELAUTH_API_KEY"),
  ...(verifierKey && { verifierKey }),
});
const port = Number(process.env.PORT ?? 3002);
await app.listen({ port, host: "127.0.0.1" });
console.log(`http://127.0.0.1:${port}`);
