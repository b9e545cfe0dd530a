/** The login flow narrowed to one step, as the step components receive it. */
import type { LoginFlow, LoginStep } from "orgauth/react";

/** `useLoginFlow()`'s result at step `S`: the common fields plus that step's actions. */
export type FlowAt<S extends LoginStep> = Extract<LoginFlow, { step: S }>;
