import type { Browser } from 'playwright-core';
import { IDENTITY_MESSAGES } from '@pondesk/contracts';
import {
  expectToast,
  newAccount,
  outbox,
  registerByApi,
  sidebarGroups,
  sidebarItems,
  signIn,
  waitForOutbox,
  waitForPath,
} from './pages/identity';
import { baseUrl, launchBrowser, openPage, settledBox } from './support';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

// Each test walks several screens with real sign-ins (argon2id) and mails; give them room.
jest.setTimeout(120000);

describe('identity, access control and the console shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('registers, completes the profile with the OTP and shows the full shell', async () => {
    const account = newAccount('reg');
    const { page, consoleErrors } = await openPage(browser, '/register');

    // The form checks itself before anything is sent.
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Please input a username!').waitFor();
    await page.getByText('Please accept the Terms and Conditions!').waitFor();

    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Re-type Password').fill(account.password);
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await waitForPath(page, '/profile');
    await expectToast(page, 'success', IDENTITY_MESSAGES.registeredFull);
    await page.getByTestId('profile-User Name').filter({ hasText: account.username }).waitFor();

    // The profile-completion popup on the dashboard, with the OTP sent to the number.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const popup = page.getByRole('dialog', { name: 'Complete your profile' });
    await popup.waitFor();
    const number = `+880170${String(Date.now()).slice(-7)}`;
    await popup.getByLabel('ISP Name').fill('Fibre Net Ltd');
    await popup.getByLabel('Number').fill(number);
    await popup.getByLabel('Location').fill('House 1, Road 2, Dhaka');
    await popup.getByRole('button', { name: 'Send OTP' }).click();
    await expectToast(page, 'success', IDENTITY_MESSAGES.otpSent);
    const countdown = await popup.getByTestId('otp-countdown').textContent();
    expect(countdown).toMatch(/^OTP expires in (2:00|1:[0-5]\d)$/);
    // Another OTP only after the cooldown.
    await expect(popup.getByRole('button', { name: /Resend in/ }).isDisabled()).resolves.toBe(true);

    const otp = await waitForOutbox(number, (o) => o.sms.find((s) => s.otp)?.otp);
    await popup.getByLabel('OTP').fill(otp);
    await popup.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'success', IDENTITY_MESSAGES.profileCompleted);
    await popup.waitFor({ state: 'hidden' });

    // The administrator of a new account holds every code: every group of the sidebar.
    expect(await sidebarGroups(page)).toEqual(['Olt', 'Switch', 'Monitor', 'Admin', 'Others']);
    expect(await sidebarItems(page)).toEqual(
      expect.arrayContaining([
        'Users',
        'Roles',
        'Olt Permissions',
        'Branch',
        'Olt List',
        'Switch List',
        'Ping',
      ]),
    );
    await expect(page.getByTestId('topbar-username').textContent()).resolves.toBe(account.username);

    // The user id copies to the clipboard with the spec's toast.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.getByRole('button', { name: 'Copy user ID' }).click();
    await expectToast(page, 'success', 'Copy Successfully');
    const id = await page.getByTestId('topbar-user-id').getAttribute('title');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(id);

    // The shortcuts menu: Invoice, the copyable user ID and Support.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    const openShortcuts = async () => {
      await page.getByRole('button', { name: 'Shortcuts' }).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      return menu;
    };
    let menu = await openShortcuts();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Invoice',
      expect.stringMatching(/^User ID\s+[0-9a-f-]{36}$/),
      'Support',
    ]);
    await menu.getByRole('menuitem', { name: /User ID/ }).click();
    await menu.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(id);
    menu = await openShortcuts();
    await menu.getByRole('menuitem', { name: 'Support' }).click();
    const support = page.getByRole('dialog', { name: 'Support' });
    // Nothing configured by the platform on this stack: the panel says so plainly.
    await support.getByText('Support details are not set up yet.').waitFor();
    await support.getByRole('button', { name: 'Close' }).click();
    await support.waitFor({ state: 'hidden' });
    // A browser that refuses both ways of copying gets the spec's failure toast.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
      document.execCommand = () => false;
    });
    await page.getByRole('button', { name: 'Copy user ID' }).click();
    await expectToast(page, 'error', 'Failed to copy. Please try manually.');
    menu = await openShortcuts();
    await menu.getByRole('menuitem', { name: 'Invoice' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.hash === '#invoice');

    // The avatar leads to the profile, which now shows the confirmed details and no reminder.
    await page.getByRole('link', { name: 'Profile' }).click();
    await waitForPath(page, '/profile');
    await page.getByTestId('profile-Isp Name').filter({ hasText: 'Fibre Net Ltd' }).waitFor();
    await page.getByTestId('profile-Contact Number').filter({ hasText: number }).waitFor();
    await expect(page.getByText('Your profile is not confirmed yet').count()).resolves.toBe(0);

    // A photo upload replaces the initial in the avatars.
    await page
      .getByLabel('Photo file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expectToast(page, 'success', 'Photo updated successfully!');
    const avatar = page.getByRole('link', { name: 'Profile' }).locator('img');
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/^\/api\/v1\/photos\//);
    await expect(avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).resolves.toBe(
      1,
    );

    // Reloading keeps the session (refresh token) and the sidebar state.
    await page.reload();
    expect(await sidebarGroups(page)).toHaveLength(5);
    expect(consoleErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await page.context().close();
  });

  it('lets an admin create a role with only code 2006 and a user with it, who sees only the Olt group', async () => {
    const admin = newAccount('adm');
    await registerByApi(admin);
    const staff = newAccount('staff');
    const roleName = `Olt viewer ${staff.username.slice(-4)}`;

    const { page } = await openPage(browser, '/login');
    await signIn(page, admin.username, admin.password);
    await waitForPath(page, '/dashboard');

    await page.goto('/roles');
    await page.getByRole('button', { name: 'Add New' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Add Role' });
    await roleDialog.getByLabel('Role Name').fill(roleName);
    // No menu is pre-checked for a new role.
    await roleDialog.getByLabel('Olt List', { exact: true }).waitFor();
    await expect(roleDialog.getByRole('checkbox', { checked: true }).count()).resolves.toBe(0);
    await roleDialog.getByLabel('Olt List', { exact: true }).check();
    await roleDialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'success', 'Role created successfully!');
    await page.getByTestId(`role-card-${roleName}`).waitFor();

    await page.goto('/branch');
    await page.getByRole('button', { name: 'Add New' }).click();
    const branchDialog = page.getByRole('dialog', { name: 'Add Branch' });
    await branchDialog.getByLabel('Name').fill('North Zone');
    await branchDialog.getByLabel('Address').fill('Uttara, Dhaka');
    await branchDialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'success', 'Branch added successfully!');
    await page.getByTestId('branch-card-North Zone').waitFor();

    await page.goto('/users');
    await page.getByRole('button', { name: 'Add New' }).click();
    const drawer = page.locator('form[aria-labelledby="user-form-title"]');
    await drawer.getByText('Add New User').waitFor();
    // The server's field errors land under the fields.
    await drawer.getByLabel('Username').fill('x');
    await drawer.getByLabel('Email').fill(staff.email);
    await drawer.getByRole('button', { name: 'Submit' }).click();
    await drawer.getByText('Username must be at least 3 characters long').waitFor();

    await drawer.getByLabel('Username').fill(staff.username);
    await drawer.getByLabel('Password').fill(staff.password);
    await drawer.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: roleName }).click();
    await drawer.getByRole('combobox', { name: 'Branch' }).click();
    await page.getByRole('option', { name: 'North Zone' }).click();
    await page.keyboard.press('Escape');
    // Both choices show in the panel before it is sent.
    await drawer.getByRole('combobox', { name: 'Branch' }).filter({ hasText: 'North Zone' }).waitFor();
    await drawer.getByRole('combobox', { name: 'Role' }).filter({ hasText: roleName }).waitFor();
    await drawer.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'success', IDENTITY_MESSAGES.userAdded);
    await page.getByRole('cell', { name: staff.username, exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: staff.username });
    await row.getByRole('cell', { name: roleName }).waitFor();

    // The branch screen lists the user under the branch; the OLT permissions screen opens per user.
    await page.goto('/branch');
    await page
      .getByRole('row')
      .filter({ hasText: staff.username })
      .getByRole('cell', { name: 'North Zone' })
      .waitFor();
    await page.goto('/roles-permission');
    await page.getByRole('link', { name: `OLT permissions of ${staff.username}` }).click();
    await page.getByRole('heading', { name: `OLT permissions of ${staff.username}` }).waitFor();
    await page.getByText('This user may not see any OLT yet.').waitFor();
    await page.getByText('Your account has no OLTs yet.').waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    await waitForPath(page, '/roles-permission');
    await page.goto('/users');

    // The new user, in a browser of their own.
    const other = await openPage(browser, '/users');
    await waitForPath(other.page, '/login');
    expect(new URL(other.page.url()).searchParams.get('redirect')).toBe('/users');
    await signIn(other.page, staff.username, staff.password);
    // Back to where they were going, which their role does not allow.
    await waitForPath(other.page, '/forbidden');
    await other.page.getByRole('heading', { name: 'Forbidden' }).waitFor();
    expect(await sidebarGroups(other.page)).toEqual(['Olt']);
    expect(await sidebarItems(other.page)).toEqual(['Olt List']);

    await other.page.getByRole('link', { name: 'Olt List', exact: true }).click();
    await waitForPath(other.page, '/olt-list');
    await other.page.goto('/users');
    await waitForPath(other.page, '/forbidden');
    await other.page.goto('/roles-permission');
    await waitForPath(other.page, '/forbidden');
    // Guest-only pages send a signed-in user to the profile.
    await other.page.goto('/login');
    await waitForPath(other.page, '/profile');
    await other.page.getByTestId('profile-role').filter({ hasText: roleName }).waitFor();

    // Held by the admin, the user's session ends: the server drops the open page's socket, the page finds
    // its session over and goes to /login by itself, without waiting for the user's next click.
    await page.getByRole('button', { name: `Hold ${staff.username}` }).click();
    await page.getByRole('button', { name: 'Yes, hold it!' }).click();
    await expectToast(page, 'success', IDENTITY_MESSAGES.userHeld);
    await waitForPath(other.page, /^\/login\?redirect=%2Fprofile$/);
    await signIn(other.page, staff.username, staff.password);
    await expectToast(other.page, 'error', IDENTITY_MESSAGES.accountOnHold);

    await other.page.context().close();
    await page.context().close();
  });

  it('resets the password through the mailed link; the old password stops working', async () => {
    const account = newAccount('rst');
    await registerByApi(account);
    const newPassword = `${account.password}-new`;

    const { page } = await openPage(browser, '/password/email');
    await page.getByText('You will receive an e-mail in maximum 60 seconds').waitFor();
    // An unknown address gets the same answer as a known one: the page does not tell who has an account.
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'success', IDENTITY_MESSAGES.resetMailSent);
    await page.getByTestId('toast-success').waitFor({ state: 'hidden', timeout: 5000 });
    expect((await outbox('nobody-here@example.com')).mails).toEqual([]);

    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'success', IDENTITY_MESSAGES.resetMailSent);
    await expect(
      page.getByTestId('toast-success').evaluate((e) => getComputedStyle(e).backgroundColor),
    ).resolves.toBe('rgb(46, 125, 50)');

    const link = await waitForOutbox(account.email, (o) => o.mails.find((m) => m.link)?.link);
    expect(new URL(link).origin).toBe(baseUrl());
    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Re-type Password').fill('something else');
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByText('Passwords must match').waitFor();
    await page.getByLabel('Re-type Password').fill(newPassword);
    await page.getByRole('button', { name: 'Change' }).click();
    await expectToast(page, 'success', IDENTITY_MESSAGES.passwordChangedLoggedIn);
    await waitForPath(page, '/profile');

    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await signIn(page, account.username, account.password);
    await expectToast(page, 'error', IDENTITY_MESSAGES.invalidCredentials);
    expect(new URL(page.url()).pathname).toBe('/login');

    // The link works once only.
    const again = await openPage(browser, link.replace(baseUrl(), ''));
    await again.page.getByLabel('Password', { exact: true }).fill('another-password-1');
    await again.page.getByLabel('Re-type Password').fill('another-password-1');
    await again.page.getByRole('button', { name: 'Change' }).click();
    await expectToast(again.page, 'error', IDENTITY_MESSAGES.resetLinkInvalid);
    // Toasts: red for failure, top right, gone after 2 seconds.
    const failure = again.page.getByTestId('toast-error');
    const shownAt = Date.now();
    await expect(failure.evaluate((e) => getComputedStyle(e).backgroundColor)).resolves.toBe(
      'rgb(211, 47, 47)',
    );
    // The toast grows in from its anchor: measure it once its size has settled.
    const box = await settledBox(failure);
    expect(box && box.x + box.width).toBeGreaterThan(1366 - 40);
    expect(box?.y).toBeLessThan(120);
    await failure.waitFor({ state: 'hidden', timeout: 5000 });
    expect(Date.now() - shownAt).toBeLessThan(3500);
    await again.page.context().close();

    await signIn(page, account.email, newPassword);
    await waitForPath(page, '/dashboard');
    await page.context().close();
  });

  it('signs up with the simple form and lands on the dashboard', async () => {
    const account = newAccount('simple');
    const { page } = await openPage(browser, '/sign-up');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Must be a valid email! ex.: johndoe@domain.com').waitFor();
    await page.getByText('Password must be atleast 8 characters long!').waitFor();
    await page.getByText('Please accept the Terms and Conditions!').waitFor();

    await page.getByRole('button', { name: 'Terms and Conditions' }).click();
    await page
      .getByRole('dialog', { name: 'Terms and Conditions' })
      .getByRole('button', { name: 'Close' })
      .click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expectToast(page, 'success', IDENTITY_MESSAGES.registeredSimple);
    await waitForPath(page, '/dashboard');
    await page.getByRole('dialog', { name: 'Complete your profile' }).waitFor();

    // The same email again is refused with the server's words.
    const again = await openPage(browser, '/sign-up');
    await again.page.getByLabel('Username').fill(`${account.username}x`);
    await again.page.getByLabel('Email').fill(account.email);
    await again.page.getByLabel('Password').fill(account.password);
    await again.page.getByRole('checkbox', { name: /I agree/ }).check();
    await again.page.getByRole('button', { name: 'Sign up' }).click();
    await expectToast(again.page, 'error', IDENTITY_MESSAGES.accountTaken);
    expect(new URL(again.page.url()).pathname).toBe('/sign-up');
    await again.page.context().close();
    await page.context().close();
  });

  it('pages and searches the users table on the server', async () => {
    const admin = newAccount('pg');
    const { accessToken } = await registerByApi(admin);
    for (let i = 1; i <= 21; i++) {
      const n = String(i).padStart(2, '0');
      const res = await fetch(`${baseUrl()}/api/v1/users`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ username: `${admin.username}_m${n}`, email: `m${n}.${admin.email}` }),
      });
      expect(res.status).toBe(201);
    }
    const { page } = await openPage(browser, '/login');
    await signIn(page, admin.username, admin.password);
    await waitForPath(page, '/dashboard');
    await page.goto('/users');
    const table = page.getByRole('table', { name: 'Users' });
    await page.getByText('1–20 of 22').waitFor();
    await expect(table.locator('tbody tr').count()).resolves.toBe(20);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText('21–22 of 22').waitFor();
    // Oldest first: the admin and m01–m19 fill page 1.
    await table.getByRole('cell', { name: `${admin.username}_m21`, exact: true }).waitFor();
    await expect(table.locator('tbody tr').allTextContents()).resolves.toEqual([
      expect.stringContaining(`${admin.username}_m20`),
      expect.stringContaining(`${admin.username}_m21`),
    ]);

    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(`${admin.username}_m07`);
    await page.getByText('1–1 of 1').waitFor();
    await table.getByRole('cell', { name: `${admin.username}_m07`, exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('nobody-matches-this');
    await table.getByText('No user matches the search.').waitFor();
    await page.context().close();
  });

  it('shows the dashboard screen for unknown paths and logs out to /login', async () => {
    const account = newAccount('nav');
    await registerByApi(account);
    const { page } = await openPage(browser, '/login');
    await signIn(page, account.username, account.password);
    await waitForPath(page, '/dashboard');
    await page.goto('/no/such/page');
    // The dashboard screen, with its reminder to complete the profile, which can wait.
    const popup = page.getByRole('dialog', { name: 'Complete your profile' });
    await popup.getByRole('button', { name: 'Later' }).click();
    await popup.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    // The package list is a screen of its own (whatever this stack's catalogue offers).
    await page.goto('/package-list');
    await page.getByRole('heading', { name: 'Our Packages' }).waitFor();

    // Profile edits: the server's field errors show under the fields; nothing is saved until fixed.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit profile' });
    await edit.getByLabel('Contact Number').fill('12ab');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Contact number must be 6–20 digits, optionally starting with +').waitFor();
    await edit.getByLabel('Contact Number').fill('+8801811111111');
    await edit.getByLabel('Address').fill('Road 7, Chattogram');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'success', IDENTITY_MESSAGES.profileUpdated);
    await page.getByTestId('profile-Address').filter({ hasText: 'Road 7, Chattogram' }).waitFor();

    // Keyboard: the first Tab stop skips the sidebar; the sidebar's links follow and open with Enter.
    await page.reload();
    await page.getByTestId('profile-Address').filter({ hasText: 'Road 7, Chattogram' }).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await page.keyboard.press('Tab');
    await expect(focused()).resolves.toBe('Skip to content');
    await page.keyboard.press('Tab');
    await expect(focused()).resolves.toBe('Olt List');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/olt-list');

    // The sidebar can be hidden, and stays hidden after a reload.
    await page.getByRole('button', { name: 'Hide sidebar' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('button', { name: 'Show sidebar' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).resolves.toBe(false);

    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await page.goto('/profile');
    await waitForPath(page, '/login');
    await page.context().close();
  });
});
