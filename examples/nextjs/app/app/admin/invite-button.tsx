"use client";
/** Calls the permission-protected server action and shows its answer (or its denial's error code). */
import { type ReactNode, useState } from "react";
import { invite } from "./actions";

/** A button for the `invite` server action. */
export function InviteButton(): ReactNode {
  const [result, setResult] = useState<string | null>(null);
  const run = async () => {
    const answer = await invite();
    setResult(typeof answer === "string" ? answer : `${answer.status} ${answer.error_code}`);
  };
  return (
    <p>
      <button type="button" onClick={() => void run()}>
        Invite someone
      </button>{" "}
      {result ? <span data-testid="invite-result">{result}</span> : null}
    </p>
  );
}
