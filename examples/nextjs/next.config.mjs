/** @type {import("next").NextConfig} */
const nextConfig = {
  // The app reads its settings at request time (see lib/orgauth.ts and lib/server-auth.ts), so one build runs anywhere.
  reactStrictMode: true,
  // `forbidden()`: orgauth's `protect` renders the 403 page for a signed-in user without the permission
  experimental: { authInterrupts: true },
};

export default nextConfig;
