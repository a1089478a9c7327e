/**
 * The referral link a player shares: it opens the referral tab with the code filled in (a friend who
 * is not signed in yet signs up or in first, then lands there).
 */
export function referralLink(origin: string, code: string): string {
  return `${origin}/profile?tab=referral&code=${encodeURIComponent(code)}`;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

type ShareNavigator = Partial<Pick<Navigator, 'share' | 'canShare'>> & {
  clipboard?: Pick<Clipboard, 'writeText'>;
};

/** The system share sheet where the browser has one (Web Share API), the clipboard otherwise. */
export async function shareReferral(
  link: string,
  text: string,
  nav: ShareNavigator | undefined = globalThis.navigator,
): Promise<ShareOutcome> {
  const data = { title: 'GOGO Board', text, url: link };
  if (nav?.share && (!nav.canShare || nav.canShare(data))) {
    try {
      await nav.share(data);
      return 'shared';
    } catch (error) {
      // The player closed the sheet: nothing failed.
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    if (!nav?.clipboard?.writeText) return 'failed';
    await nav.clipboard.writeText(link);
    return 'copied';
  } catch {
    return 'failed';
  }
}
