import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@cloud-portal/contract/operator/staff-session';
import { openCredentials, sealCredentials } from '../../lib/credentials-cipher';

/**
 * RFC 6238 codes (SHA-1, 6 digits, 30 s: what every authenticator app reads from a QR code). The
 * secret is kept sealed under CREDENTIALS_KEY, as the gateways' credentials are.
 */

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const sealTotpSecret = (key: Buffer, base32: string) =>
  sealCredentials(key, { totp: base32 });

export function openTotpSecret(key: Buffer, sealed: string): string {
  const { totp } = openCredentials(key, sealed);
  if (!totp) throw new Error('not a sealed TOTP secret');
  return totp;
}

function totpOf(base32: string, label = 'staff', issuer = 'Cloud Portal') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/**
 * The time step a code belongs to, if it is right for this step or the one either side (clock
 * drift), else null. Whether that step may still be used (newer than the last accepted one) is
 * for one UPDATE to decide (staff-codes.ts).
 */
export function matchingStep(base32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(base32).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now }) + delta;
}

/** A code for a time step (tests, and the authenticator's point of view). */
export const codeAt = (base32: string, timestamp: number) => totpOf(base32).generate({ timestamp });

export async function totpSetupOf(base32: string, label: string, issuer: string) {
  const otpauthUri = totpOf(base32, label, issuer).toString();
  const qrSvg = await QRCode.toString(otpauthUri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return { otpauthUri, qrSvg, secret: base32 };
}
