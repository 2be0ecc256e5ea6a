import type { Browser } from 'playwright-core';
import { IDENTITY_MESSAGES } from '@pondesk/contracts';
import { expectToast, newAccount, registerByApi, signedIn, waitForOutbox } from './pages/identity';
import { launchBrowser } from './support';

// Real sign-ins (argon2id) and mails; give them room.
jest.setTimeout(120000);

describe('account security', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('asks for the current password only when the email changes, and tells the old address', async () => {
    const account = newAccount('sec');
    await registerByApi(account);
    const page = await signedIn(browser, account, '/profile');

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit profile' });
    const current = edit.getByLabel('Current Password');
    // Other fields change without it.
    await edit.getByLabel('Address').fill('Road 9, Sylhet');
    await expect(current.count()).resolves.toBe(0);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'success', IDENTITY_MESSAGES.profileUpdated);
    await page.getByTestId('profile-Address').filter({ hasText: 'Road 9, Sylhet' }).waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    const newEmail = `moved.${account.email}`;
    await edit.getByLabel('Email').fill(newEmail);
    await current.waitFor();
    // Not sent without it.
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText(IDENTITY_MESSAGES.currentPasswordRequired).waitFor();
    // A wrong one: the server's words under the field, and nothing saved.
    await current.fill('not-my-password');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText(IDENTITY_MESSAGES.currentPasswordWrong).waitFor();
    await current.fill(account.password);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'success', IDENTITY_MESSAGES.profileUpdated);
    await edit.waitFor({ state: 'hidden' });
    await page.getByTestId('profile-Email').filter({ hasText: newEmail }).waitFor();

    // The old address hears of it.
    const notice = await waitForOutbox(account.email, (o) =>
      o.mails.find((m) => m.subject === 'Your PonDesk email was changed'),
    );
    expect(notice.text).toContain(newEmail);
    // Changing the email back to what it is needs nothing: the field goes away again.
    await page.getByRole('button', { name: 'Edit' }).click();
    await edit.getByLabel('Email').fill(account.email);
    await current.waitFor();
    await edit.getByLabel('Email').fill(newEmail.toUpperCase());
    await current.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
