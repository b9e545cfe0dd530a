"use server";
/** A server action that knows who calls it, from the session cookie, with no request to the auth host. */
import { orgauth } from "../../../lib/orgauth";

/** A greeting for the signed-in caller (or a refusal). */
export async function greet(): Promise<string> {
  const user = await orgauth.getUser();
  return user ? `A server action greets ${user.email}` : "A server action sees no session";
}
