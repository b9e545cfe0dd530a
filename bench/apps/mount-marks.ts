// Marks the first-mount pages record for bench/first-mount.ts (milliseconds since navigation start).
declare global {
  interface Window {
    /** When the page's bundle finished running. */
    bundleEndMs?: number;
    /** When "logged in" first rendered. */
    loggedInMs?: number;
  }
}

/** Records the end of the bundle's own code. */
export function markBundleEnd(): void {
  window.bundleEndMs = performance.now();
}

/** Records the first render of "logged in". */
export function markLoggedIn(): void {
  window.loggedInMs ??= performance.now();
}
