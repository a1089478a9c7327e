import { mailText } from '@gogo/shared/messages';
import type { MailMessage } from '../mail/index.js';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Template = (typeof mailText)['verify'] | (typeof mailText)['reset'] | (typeof mailText)['login'];

/** One mailed link: a plain text part and an HTML part saying the same, with the link in both. */
function linkMail(t: Template, to: string, username: string, link: string): MailMessage {
  const text = [
    t.greeting(username),
    '',
    t.intro,
    '',
    `${t.action}: ${link}`,
    '',
    t.expiry,
    t.ignore,
    '',
    mailText.signature,
    '',
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#0f1220;font-family:Arial,Helvetica,sans-serif;color:#e8eaf6">
<div style="max-width:520px;margin:0 auto;background:#1a1f36;border-radius:12px;padding:24px">
${p(t.greeting(username))}
${p(t.intro)}
<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#f5b301;color:#111;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(t.action)}</a></p>
<p style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${href}" style="color:#9fb4ff">${href}</a></p>
${p(t.expiry)}
${p(t.ignore)}
${p(mailText.signature)}
</div></body></html>
`;
  return { to, subject: t.subject, text, html };
}

export const verificationMail = (to: string, username: string, link: string) =>
  linkMail(mailText.verify, to, username, link);
export const resetMail = (to: string, username: string, link: string) => linkMail(mailText.reset, to, username, link);
export const loginLinkMail = (to: string, username: string, link: string) =>
  linkMail(mailText.login, to, username, link);
