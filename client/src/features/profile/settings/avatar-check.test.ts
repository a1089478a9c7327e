import { describe, expect, it } from 'vitest';
import { checkAvatarFile, checkAvatarSize } from './avatar-check';

describe('avatar pre-checks (same limits and texts as the server)', () => {
  it('takes PNG, JPEG and WebP up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(checkAvatarFile({ size: 2 * 1024 * 1024, type })).toBeNull();
    }
    expect(checkAvatarFile({ size: 2 * 1024 * 1024 + 1, type: 'image/png' })).toBe('The avatar must be at most 2 MB.');
    expect(checkAvatarFile({ size: 100, type: 'image/svg+xml' })).toBe('The avatar must be a PNG, JPEG or WebP image.');
    expect(checkAvatarFile({ size: 100, type: 'text/html' })).toBe('The avatar must be a PNG, JPEG or WebP image.');
    expect(checkAvatarFile({ size: 0, type: 'image/png' })).toBe('Choose an image file in the field "avatar".');
  });

  it('takes pictures up to 1024 x 1024', () => {
    expect(checkAvatarSize(1024, 1024)).toBeNull();
    expect(checkAvatarSize(1025, 10)).toBe('The avatar must be at most 1024 x 1024 pixels.');
  });
});
