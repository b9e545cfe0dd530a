import { createBackendClient, validateRequestApiKey } from "orgauth/server";

const backend = createBackendClient({
  authUrl: process.env.NEXT_PUBLIC_AUTH_URL!, // your auth URL (in tests and development: the emulator's)
  apiKey: process.env.PROPELAUTH_API_KEY!, // the integration API key
});

/** A user by e-mail, with their orgs; null when there is none. */
export const findUser = (email: string) => backend.fetchUserByEmail({ query: { email, include_orgs: true } });

/** Who calls with `Authorization: Bearer <API key>`: the user or org behind the key; an ApiKeyError if refused. */
export const caller = (request: Request) => validateRequestApiKey(backend, request);
