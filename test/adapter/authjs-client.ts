import { Auth, type AuthConfig } from "@auth/core";

/** A browser's side of Auth.js's own handler: requests under `base` with a cookie jar, as a user agent would send them. */
export function authjsClient(base: string, config: () => AuthConfig) {
  const cookies = new Map<string, string>();
  return {
    async request(path: string, init: RequestInit = {}): Promise<Response> {
      const headers = new Headers(init.headers);
      headers.set("cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
      const url = path.startsWith("http") ? path : `${base}${path}`;
      const response = await Auth(new Request(url, { ...init, headers }), config());
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const [name, ...value] = pair!.split("=");
        if (value.join("=") === "") cookies.delete(name!);
        else cookies.set(name!, value.join("="));
      }
      return response;
    },
  };
}
