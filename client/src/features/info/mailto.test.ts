import { describe, expect, it } from 'vitest';
import { contactMailto, featureRequestMailto, helpMailto, mailtoUrl } from './mailto';

const parse = (url: string) => {
  const [head, query = ''] = url.split('?');
  const params = Object.fromEntries(
    query.split('&').map((pair) => {
      const [k, v = ''] = pair.split('=');
      return [k, decodeURIComponent(v)];
    }),
  );
  return { to: head!.replace(/^mailto:/, ''), subject: params.subject, body: params.body, raw: query };
};

describe('mailto links', () => {
  it('percent-encodes subject and body (spaces as %20, CRLF line breaks, & and ? kept inside)', () => {
    const url = mailtoUrl('support@gogoboard.app', 'Q&A? 100% sure', ['a b', 'c=d&e']);
    expect(url).toBe('mailto:support@gogoboard.app?subject=Q%26A%3F%20100%25%20sure&body=a%20b%0D%0Ac%3Dd%26e');
    expect(url).not.toContain('+');
  });

  it('contact: the subject names the topic, the body lists the fields and the message', () => {
    const m = parse(
      contactMailto('support@gogoboard.app', {
        name: '  Ada  Lovelace ',
        email: 'ada@example.com',
        subject: 'Payment Question',
        message: 'Line one\nLine two',
      }),
    );
    expect(m.to).toBe('support@gogoboard.app');
    expect(m.subject).toBe('Contact: Payment Question');
    expect(m.body).toBe(
      'Name: Ada Lovelace\r\nEmail: ada@example.com\r\nSubject: Payment Question\r\n\r\nLine one\nLine two',
    );
  });

  it('help: topic label in subject and body', () => {
    const m = parse(helpMailto('s@x.io', { name: 'Bo', email: 'bo@x.io', topic: 'Payment', message: 'Help' }));
    expect(m.subject).toBe('Help Center: Payment');
    expect(m.body).toBe('Name: Bo\r\nEmail: bo@x.io\r\nTopic: Payment\r\n\r\nHelp');
  });

  it('feature request: subject prefixed "Feature Request", body lists every field in order', () => {
    const m = parse(
      featureRequestMailto('s@x.io', {
        name: 'Bo',
        email: 'bo@x.io',
        feature: 'Dark   board',
        description: 'A darker board.',
        priority: 'High',
        useCase: '',
      }),
    );
    expect(m.subject).toBe('Feature Request: Dark board');
    expect(m.body.split('\r\n')).toEqual([
      'Name: Bo',
      'Email: bo@x.io',
      'Feature: Dark board',
      'Description:',
      'A darker board.',
      'Priority: High',
      'Use case:',
      '(not given)',
    ]);
  });
});
