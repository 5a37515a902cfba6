import { z } from 'zod';
import { zAccountEmail, zNewPassword, zPassword } from '../accounts/account-fields';
import { zRequiredText } from '../validation/field-schemas';
import { STAFF_ROLES } from './permissions';
import { operatorTexts } from './operator-texts';
import {
  ENROLMENT_TOKEN_PATTERN,
  RECOVERY_CODE_PATTERN,
  STAFF_NAME_MAX_LENGTH,
  TOTP_CODE_PATTERN,
} from './staff-session';

/**
 * The staff's sign-in, enrolment and session calls, under /api/operator/auth (issue 27, ADR 028).
 * Every answer is the usual envelope `{ status, message, data }`; the types below are `data`.
 *
 * Sign-in: POST sign-in (email + password) → `{ step }` and a pending cookie; then
 *   - step 'totp':  POST verify `{ code }` or `{ recoveryCode }` → the session (cookies) and `me`;
 *   - step 'enrol': (no TOTP yet, or an owner reset it) GET totp-setup → the secret, POST
 *     totp-setup `{ code }` → the 10 recovery codes (shown once), the session and `me`.
 * Enrolment link (/operator/enrol/<token>, from the CLI or an invite): GET enrolment/<token> →
 *   who it is for; POST enrolment/<token> `{ name, password }` → uses the link, sets the password
 *   and starts the 'enrol' step above (pending cookie).
 * Session: GET me; POST switch-company `{ companyId }` → `me`; POST logout.
 * State-changing calls of a signed-in session carry the `x-staff-csrf` header (staff-session.ts);
 * the pending steps are bound to their httpOnly SameSite-strict cookie instead.
 */

export const zTotpCode = z
  .string({ error: operatorTexts.totpRequired })
  .trim()
  .regex(TOTP_CODE_PATTERN, operatorTexts.totpRequired);

const zRecoveryCode = z
  .string({ error: operatorTexts.recoveryCodeIncorrect })
  .trim()
  .toLowerCase()
  .regex(RECOVERY_CODE_PATTERN, operatorTexts.recoveryCodeIncorrect);

export const zStaffName = zRequiredText(operatorTexts.nameRequired, STAFF_NAME_MAX_LENGTH);

/** POST /api/operator/auth/sign-in */
export const ZStaffSignInRequest = z.object({ email: zAccountEmail, password: zPassword });
export type TStaffSignInRequest = z.input<typeof ZStaffSignInRequest>;

export const STAFF_PENDING_STEPS = ['totp', 'enrol'] as const;
/** What sign-in and the enrolment link's password step answer: the step that comes next. */
export const ZStaffPendingStep = z.object({ step: z.enum(STAFF_PENDING_STEPS) });
export type TStaffPendingStep = z.infer<typeof ZStaffPendingStep>;

/** POST /api/operator/auth/verify: the authenticator's code, or one of the recovery codes. */
export const ZStaffVerifyRequest = z.union([
  z.object({ code: zTotpCode }),
  z.object({ recoveryCode: zRecoveryCode }),
]);
export type TStaffVerifyRequest = z.input<typeof ZStaffVerifyRequest>;

/** GET /api/operator/auth/totp-setup (step 'enrol'): the new secret, as a URI and as a QR code. */
export const ZTotpSetup = z.object({
  /** otpauth://totp/… for the authenticator app. */
  otpauthUri: z.string(),
  /** The same URI as an SVG QR code (markup, to inline or use as a data: URL). */
  qrSvg: z.string(),
  /** The base32 secret, for typing into an app that cannot scan. */
  secret: z.string(),
});
export type TTotpSetup = z.infer<typeof ZTotpSetup>;

/** POST /api/operator/auth/totp-setup: a code from the app confirms it. */
export const ZTotpConfirmRequest = z.object({ code: zTotpCode });
export type TTotpConfirmRequest = z.input<typeof ZTotpConfirmRequest>;

/** GET /api/operator/auth/enrolment/:token (404 with enrolmentLinkInvalid when it cannot be used). */
export const ZEnrolmentTokenParams = z.object({
  token: z.string().regex(ENROLMENT_TOKEN_PATTERN, operatorTexts.enrolmentLinkInvalid),
});
export const ZEnrolmentLink = z.object({
  email: z.string(),
  companyName: z.string(),
  /** The name already on the account (an existing member), else ''. */
  name: z.string(),
  expiresAt: z.string(),
});
export type TEnrolmentLink = z.infer<typeof ZEnrolmentLink>;

/** POST /api/operator/auth/enrolment/:token: uses the link; answers `{ step: 'enrol' }`. */
export const ZEnrolmentPasswordRequest = z.object({ name: zStaffName, password: zNewPassword });
export type TEnrolmentPasswordRequest = z.input<typeof ZEnrolmentPasswordRequest>;

export const ZStaffMembership = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type TStaffMembership = z.infer<typeof ZStaffMembership>;

/** GET /api/operator/auth/me: the signed-in member, their companies and the current one's keys. */
export const ZStaffMe = z.object({
  staff: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  memberships: z.array(ZStaffMembership),
  currentCompanyId: z.number().int(),
  role: z.enum(STAFF_ROLES),
  /** The current company's permission keys (permissions.ts). */
  permissions: z.array(z.string()),
  /** When the session ends if idle (each call moves it on), and at the latest. */
  idleExpiresAt: z.string(),
  expiresAt: z.string(),
});
export type TStaffMe = z.infer<typeof ZStaffMe>;

/** POST /api/operator/auth/totp-setup answers the recovery codes once, with the session. */
export const ZTotpConfirmed = z.object({
  recoveryCodes: z.array(z.string()),
  me: ZStaffMe,
});
export type TTotpConfirmed = z.infer<typeof ZTotpConfirmed>;

/** POST /api/operator/auth/switch-company (403 notMember for a company not theirs). */
export const ZSwitchCompanyRequest = z.object({ companyId: z.coerce.number().int().positive() });
export type TSwitchCompanyRequest = z.input<typeof ZSwitchCompanyRequest>;
