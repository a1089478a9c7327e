import type { ContactSubject, FeaturePriority } from '@gogo/shared/messages';

/**
 * The contact, help and feature-request forms make no network call: they open the player's mail app
 * with a message to the support address. RFC 6068: every part is percent-encoded
 * (spaces as %20, never '+'), line breaks in the body are CRLF.
 */
export function mailtoUrl(to: string, subject: string, bodyLines: readonly string[]): string {
  const address = encodeURIComponent(to).replace(/%40/g, '@');
  const body = bodyLines.join('\r\n');
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

const clean = (s: string) => s.trim();
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export interface ContactDraft {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
}

export function contactMailto(to: string, d: ContactDraft): string {
  return mailtoUrl(to, `Contact: ${d.subject}`, [
    `Name: ${oneLine(d.name)}`,
    `Email: ${oneLine(d.email)}`,
    `Subject: ${d.subject}`,
    '',
    clean(d.message),
  ]);
}

export interface HelpDraft {
  name: string;
  email: string;
  /** The topic's label, e.g. 'Technical problem'. */
  topic: string;
  message: string;
}

export function helpMailto(to: string, d: HelpDraft): string {
  return mailtoUrl(to, `Help Center: ${d.topic}`, [
    `Name: ${oneLine(d.name)}`,
    `Email: ${oneLine(d.email)}`,
    `Topic: ${d.topic}`,
    '',
    clean(d.message),
  ]);
}

export interface FeatureRequestDraft {
  name: string;
  email: string;
  feature: string;
  description: string;
  priority: FeaturePriority;
  useCase: string;
}

export function featureRequestMailto(to: string, d: FeatureRequestDraft): string {
  const useCase = clean(d.useCase);
  return mailtoUrl(to, `Feature Request: ${oneLine(d.feature)}`, [
    `Name: ${oneLine(d.name)}`,
    `Email: ${oneLine(d.email)}`,
    `Feature: ${oneLine(d.feature)}`,
    'Description:',
    clean(d.description),
    `Priority: ${d.priority}`,
    'Use case:',
    useCase === '' ? '(not given)' : useCase,
  ]);
}

/**
 * Hands the message to the mail app through a link click, exactly as if the player had clicked a
 * mailto: link: the page stays where it is, and the browser (or a test) sees an ordinary link.
 */
export function openMailto(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
}
