import { companyLinkItems, contactItems, mailtoHref, safeLink, telHref } from './links';

describe('safeLink', () => {
  it('keeps https addresses and paths on this server', () => {
    expect(safeLink('https://wa.me/8801700000000')).toBe('https://wa.me/8801700000000');
    expect(safeLink('  https://example.com/report?id=7  ')).toBe('https://example.com/report?id=7');
    expect(safeLink('/api/v1/photos/abc.png')).toBe('/api/v1/photos/abc.png');
  });

  it('drops every other scheme and anything that is not a link', () => {
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('JavaScript:alert(1)')).toBeNull();
    expect(safeLink('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safeLink('http://example.com')).toBeNull();
    expect(safeLink('mailto:someone@example.com')).toBeNull();
    expect(safeLink('example.com')).toBeNull();
    expect(safeLink('')).toBeNull();
    expect(safeLink(null)).toBeNull();
    expect(safeLink(undefined)).toBeNull();
  });

  it('drops paths a browser would read as another host, and links with hidden characters', () => {
    expect(safeLink('//evil.example/x')).toBeNull();
    expect(safeLink('/\\evil.example/x')).toBeNull();
    expect(safeLink('https://exa\nmple.com')).toBeNull();
    expect(safeLink('/a b')).toBeNull();
    expect(safeLink('https://user:pass@example.com/')).toBeNull();
  });
});

describe('contact links', () => {
  it('dials the digits of a phone number written for people', () => {
    expect(telHref('+880 1700-000000')).toBe('tel:+8801700000000');
    expect(telHref('(02) 955 1234')).toBe('tel:029551234');
    expect(telHref('call us')).toBeNull();
    expect(telHref('12')).toBeNull();
    expect(telHref('')).toBeNull();
  });

  it('mails only a plain address', () => {
    expect(mailtoHref(' support@isp.example ')).toBe('mailto:support@isp.example');
    expect(mailtoHref('support@isp.example?subject=hi')).toBeNull();
    expect(mailtoHref('not an email')).toBeNull();
  });

  it('lists only the contact lines that are configured and safe', () => {
    expect(
      contactItems({
        phone: '+8801700000000',
        email: 'help@isp.example',
        chatLink: 'https://wa.me/8801700000000',
      }),
    ).toEqual([
      { kind: 'phone', label: 'Phone', text: '+8801700000000', href: 'tel:+8801700000000' },
      { kind: 'email', label: 'Email', text: 'help@isp.example', href: 'mailto:help@isp.example' },
      { kind: 'chat', label: 'Chat', text: 'Chat with us', href: 'https://wa.me/8801700000000' },
    ]);
    expect(contactItems({ phone: '', email: '', chatLink: 'javascript:alert(1)' })).toEqual([]);
    expect(contactItems(undefined)).toEqual([]);
  });
});

describe('company links', () => {
  it('shows only the configured safe links, Facebook first', () => {
    expect(
      companyLinkItems({
        companyName: 'PonDesk',
        facebookPage: 'https://facebook.com/pondesk',
        playStoreApp: 'https://play.google.com/store/apps/details?id=com.pondesk',
      }),
    ).toEqual([
      { kind: 'facebook', label: 'Facebook page', href: 'https://facebook.com/pondesk' },
      {
        kind: 'play-store',
        label: 'Get the app on Google Play',
        href: 'https://play.google.com/store/apps/details?id=com.pondesk',
      },
    ]);
    expect(
      companyLinkItems({ companyName: 'PonDesk', facebookPage: '', playStoreApp: 'http://play.example' }),
    ).toEqual([]);
    expect(
      companyLinkItems({ companyName: 'PonDesk', facebookPage: 'javascript:alert(1)', playStoreApp: '/app' }),
    ).toEqual([{ kind: 'play-store', label: 'Get the app on Google Play', href: '/app' }]);
    expect(
      companyLinkItems({ companyName: '', facebookPage: '', playStoreApp: 'https://play.google.com/x' }),
    ).toEqual([
      { kind: 'play-store', label: 'Get the app on Google Play', href: 'https://play.google.com/x' },
    ]);
  });
});
