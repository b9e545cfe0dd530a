/** @type {import("next").NextConfig} */
const nextConfig = {
  // The app reads AUTH_URL and APP_URL at request time (see lib/server-auth.ts), so one build runs anywhere.
  reactStrictMode: true,
};

export default nextConfig;
