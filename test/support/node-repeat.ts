/**
 * Whether this vitest run is the unit stage's repeat on another Node release (`scripts/lib/node-release.ts` sets
 * ORGAUTH_NODE_RELEASE). A test whose outcome cannot depend on the Node release running vitest — a TypeScript
 * type-check, a command run through its `#!/usr/bin/env node` line (the PATH's Node, the same as the first run's) —
 * skips the repeat: it would prove again, on the same Node, what the first run proved.
 */
export const onRepeatRelease: boolean = process.env.ORGAUTH_NODE_RELEASE !== undefined;
