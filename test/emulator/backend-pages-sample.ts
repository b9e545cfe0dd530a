import { type BackendClient, backendPages } from "orgauth/server";

/** The e-mail of every member of an org, fetched 100 a page; a 429 is waited out as its Retry-After says. */
export async function memberEmails(backend: BackendClient, orgId: string): Promise<string[]> {
  const emails: string[] = [];
  const members = backendPages(backend).fetchUsersInOrg({ path: { orgId }, query: { page_size: 100 } });
  for await (const member of members) emails.push(member.email);
  return emails;
}
