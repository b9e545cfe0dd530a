import type { Reply } from "./http.js";

/** A 200 JSON reply. */
export const ok = (json: unknown, cookies: string[] = []): Reply => ({ status: 200, json, cookies });

/** A 204 reply with no body. */
export const noContent = (cookies: string[] = []): Reply => ({ status: 204, cookies });
