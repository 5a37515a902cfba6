import { describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES as API_MAX_BYTES } from './profile';
import { checkProfileImage, PROFILE_IMAGE_MAX_BYTES } from './profile-image-rules';

describe('checkProfileImage', () => {
  it('accepts a PNG, JPEG or WebP image of at most 5 MB, the limit the API reads', () => {
    expect(API_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(PROFILE_IMAGE_MAX_BYTES).toBe(API_MAX_BYTES);
    expect(checkProfileImage({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkProfileImage({ type: 'image/webp', size: PROFILE_IMAGE_MAX_BYTES })).toBeNull();
    expect(checkProfileImage({ type: 'image/gif', size: 1000 })).toBe('imageInvalid');
    expect(checkProfileImage({ type: 'image/jpeg', size: PROFILE_IMAGE_MAX_BYTES + 1 })).toBe(
      'imageTooLarge',
    );
  });
});
