import { describe, expect, it, vi } from 'vitest';
import { referralLink, shareReferral } from './referralLink';

describe('the referral share link', () => {
  it('opens the referral tab with the code filled in', () => {
    expect(referralLink('https://gogo.example', 'AB12 CD')).toBe(
      'https://gogo.example/profile?tab=referral&code=AB12%20CD',
    );
  });

  it('uses the share sheet where there is one', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    expect(await shareReferral('https://x/l', 'Join me', { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'GOGO Board', text: 'Join me', url: 'https://x/l' });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link without a share sheet, and says so when it cannot', async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareReferral('https://x/l', 'Join me', { clipboard: { writeText } })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://x/l');
    expect(await shareReferral('https://x/l', 'Join me', {})).toBe('failed');
  });

  it('a closed share sheet is not a failure; a broken one falls back to copying', async () => {
    const abort = Object.assign(new Error('closed'), { name: 'AbortError' });
    const writeText = vi.fn(async () => {});
    expect(await shareReferral('l', 't', { share: () => Promise.reject(abort), clipboard: { writeText } })).toBe(
      'cancelled',
    );
    expect(
      await shareReferral('l', 't', { share: () => Promise.reject(new Error('x')), clipboard: { writeText } }),
    ).toBe('copied');
  });
});
