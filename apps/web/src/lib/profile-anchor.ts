/** The id of the profile's tabs: /CustomerProfile/2#machines lands on the machine list. */
export const MACHINES_ANCHOR = 'machines';
