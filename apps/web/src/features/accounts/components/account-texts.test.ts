import { describe, expect, it } from 'vitest';
import {
  FORGOT_PASSWORD_SENT,
  PASSWORD_UPDATED,
  RECOVERY_LINK_INVALID,
} from '@cloud-portal/contract/accounts/password-recovery';
import {
  IMAGE_REMOVED,
  IMAGE_UPLOADED,
  PROFILE_IMAGE_INVALID,
  PROFILE_IMAGE_TOO_LARGE,
  PROFILE_UPDATED,
} from '@cloud-portal/contract/accounts/profile';
import { maskEmail } from '@cloud-portal/contract/validation/account-rules';
import en from '../../../i18n/accounts/en.json';
import { ACCOUNT_TEXTS, ADDRESSED_TEXT_PATTERNS } from '@/lib/account-messages';

describe('the account texts', () => {
  it("equal the contract's answers, which are their translation keys", () => {
    expect(ACCOUNT_TEXTS.forgotPasswordSent).toBe(FORGOT_PASSWORD_SENT);
    expect(ACCOUNT_TEXTS.passwordUpdated).toBe(PASSWORD_UPDATED);
    expect(ACCOUNT_TEXTS.recoveryLinkInvalid).toBe(RECOVERY_LINK_INVALID);
    expect(ACCOUNT_TEXTS.profileUpdated).toBe(PROFILE_UPDATED);
    expect(ACCOUNT_TEXTS.imageUploaded).toBe(IMAGE_UPLOADED);
    expect(ACCOUNT_TEXTS.imageRemoved).toBe(IMAGE_REMOVED);
    expect(ACCOUNT_TEXTS.imageInvalid).toBe(PROFILE_IMAGE_INVALID);
    expect(ACCOUNT_TEXTS.imageTooLarge).toBe(PROFILE_IMAGE_TOO_LARGE);
  });

  it('each have an English translation equal to the text itself', () => {
    for (const [name, text] of Object.entries(ACCOUNT_TEXTS)) {
      expect(en.messages[name as keyof typeof en.messages], name).toBe(text);
    }
  });

  it('recognise the answers that name the masked address', () => {
    const message = `An OTP is sent to your ${maskEmail('thandi@example.co.za')}`;
    const match = ADDRESSED_TEXT_PATTERNS.map(({ pattern }) => pattern.exec(message)).find(Boolean);
    expect(match?.[1]).toBe('*****i@example.co.za');
  });
});
