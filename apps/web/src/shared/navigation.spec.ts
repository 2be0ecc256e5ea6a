import { PERMISSION_CODES } from '@pondesk/contracts';
import { buildNavigation, homePath } from './navigation';

describe('sidebar navigation', () => {
  it('shows every group, in order, to a user with every code', () => {
    const nav = buildNavigation(PERMISSION_CODES);
    expect(nav.map((g) => g.group)).toEqual(['Olt', 'Switch', 'Monitor', 'Admin', 'Others']);
    expect(nav.find((g) => g.group === 'Admin')?.items.map((i) => i.to)).toEqual([
      '/users',
      '/roles',
      '/roles-permission',
      '/branch',
      '/audit-log',
    ]);
  });

  it('shows only the Olt group, with only the OLT list, for code 2006', () => {
    expect(buildNavigation([2006])).toEqual([
      { group: 'Olt', items: [{ label: 'Olt List', to: '/olt-list', code: 2006 }] },
    ]);
  });

  it('gives no sidebar item for codes that gate a feature inside a page', () => {
    expect(buildNavigation([2009, 2010])).toEqual([]);
  });

  it('ignores codes it does not know', () => {
    expect(buildNavigation([1234, 2012]).flatMap((g) => g.items.map((i) => i.to))).toEqual(['/ping']);
  });
});

describe('homePath', () => {
  it('prefers the dashboard, then the first permitted page, then the profile', () => {
    expect(homePath([2006, 2008])).toBe('/dashboard');
    expect(homePath([2014, 2006])).toBe('/olt-list');
    expect(homePath([2000])).toBe('/users');
    expect(homePath([])).toBe('/profile');
  });
});

describe('the platform administrator', () => {
  it('lands on the catalogue, not on a profile it does not have', () => {
    expect(homePath([], { platformAdmin: true })).toBe('/platform/catalogue');
    expect(homePath([], { platformAdmin: false })).toBe('/profile');
  });
});
