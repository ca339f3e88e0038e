import { createUserFromInvite, inviteUser, uniqueEmail, type Account } from './api';
import { tokenInLatestMailTo } from './database';
import { baseUrl } from './test';

/** A real user of the admin's organization with a role: invited, then signed up from the mail's link. */
export async function invitedUser(admin: Account, role: string): Promise<Account> {
  const email = uniqueEmail(role);
  await inviteUser(baseUrl(), admin, email, role);
  return createUserFromInvite(baseUrl(), await tokenInLatestMailTo(email), admin, email);
}
