import {
  ENROLMENT_LINK_HOURS,
  STAFF_PENDING_MINUTES,
  STAFF_SESSION_ABSOLUTE_HOURS,
  STAFF_SESSION_IDLE_MINUTES,
} from '@cloud-portal/contract/operator/staff-session';

export const STAFF_IDLE_MS = STAFF_SESSION_IDLE_MINUTES * 60_000;
export const STAFF_ABSOLUTE_MS = STAFF_SESSION_ABSOLUTE_HOURS * 3_600_000;
export const STAFF_PENDING_MS = STAFF_PENDING_MINUTES * 60_000;
export const ENROLMENT_LINK_MS = ENROLMENT_LINK_HOURS * 3_600_000;

/** Wrong passwords per address, and wrong codes per staff member, before a 15-minute pause. */
export const STAFF_FAILURES_BEFORE_PAUSE = 5;
export const STAFF_PAUSE_MS = 15 * 60_000;

/** The cookie paths: the session goes only to the operator calls, the pending step only to auth. */
export const STAFF_SESSION_PATH = '/api/operator';
export const STAFF_PENDING_PATH = '/api/operator/auth';
