/** The demo's QueryClient: no retries, so a chosen error scenario shows at once. */
import { QueryClient } from "@tanstack/react-query";

/** The QueryClient shared by the whole app (handed to AuthProvider in main.tsx). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
