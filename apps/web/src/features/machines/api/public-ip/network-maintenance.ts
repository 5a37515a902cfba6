import { getUserProfileInfo } from '@/lib/user-profile-info';

/**
 * Whether the company's network script runs now (vm-lifecycle.md §3 profile details `meraki`,
 * §4: Assign then shows the maintenance message instead of opening). Asked afresh when Assign is
 * pressed, so a flag set since the page loaded is not missed; the server checks it again on
 * assigning. Not through the profile's cached query: a failed check must not turn the profile
 * page's own data into an error.
 */
export async function isNetworkScriptRunning(): Promise<boolean> {
  const profile = await getUserProfileInfo();
  return profile.meraki.runMerakiScript === 1;
}
