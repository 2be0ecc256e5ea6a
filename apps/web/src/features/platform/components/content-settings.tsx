import {
  CONTENT_LIMITS,
  type CompanyLinks,
  type SupportContact,
  type TermsContent,
} from '@pondesk/contracts';
import {
  companyFormErrors,
  companyServerErrors,
  supportFormErrors,
  supportServerErrors,
  termsFormErrors,
  termsServerErrors,
  toCompanyInput,
  toSupportInput,
  toTermsInput,
} from '../content-forms';
import {
  useCompanySettings,
  useSaveCompany,
  useSaveSupport,
  useSaveTerms,
  useSupportSettings,
  useTermsSettings,
} from '../hooks';
import { SettingsForm, type SettingsField } from './settings-form';
import { TabToolbar } from './tab-toolbar';

const SUPPORT_FIELDS: SettingsField<SupportContact>[] = [
  {
    name: 'phone',
    label: 'Phone',
    type: 'tel',
    maxLength: CONTENT_LIMITS.phone,
    half: true,
    helper: 'e.g. +880 1700-000000',
  },
  { name: 'email', label: 'Email', type: 'email', maxLength: CONTENT_LIMITS.email, half: true },
  {
    name: 'chatLink',
    label: 'Chat link',
    type: 'url',
    maxLength: CONTENT_LIMITS.link,
    helper: 'An https:// link, e.g. https://wa.me/8801700000000 (opens in a new tab)',
  },
];

/** Phone, email and chat link of the support panel (Shortcuts → Support). */
export function SupportSettingsTab() {
  return (
    <>
      <TabToolbar text="ISP users see these in Shortcuts → Support. Leave a line empty to hide it." />
      <SettingsForm<SupportContact>
        query={useSupportSettings()}
        save={useSaveSupport()}
        fields={SUPPORT_FIELDS}
        validate={supportFormErrors}
        toInput={toSupportInput}
        serverErrors={supportServerErrors}
        what="support details"
        testId="support-settings"
      />
    </>
  );
}

const TERMS_FIELDS: SettingsField<TermsContent>[] = [
  {
    name: 'title',
    label: 'Title',
    maxLength: CONTENT_LIMITS.termsTitle,
    helper: 'Empty: Terms and Conditions',
  },
  {
    name: 'content',
    label: 'Terms',
    maxLength: CONTENT_LIMITS.termsContent,
    rows: 14,
    helper: 'Plain text; a blank line starts a new paragraph.',
  },
];

/** The terms shown from the sign-up and register forms. */
export function TermsSettingsTab() {
  return (
    <>
      <TabToolbar text="Shown when someone opens Terms and Conditions while signing up or registering." />
      <SettingsForm<TermsContent>
        query={useTermsSettings()}
        save={useSaveTerms()}
        fields={TERMS_FIELDS}
        validate={termsFormErrors}
        toInput={toTermsInput}
        serverErrors={termsServerErrors}
        what="terms"
        testId="terms-settings"
      />
    </>
  );
}

const COMPANY_FIELDS: SettingsField<CompanyLinks>[] = [
  { name: 'companyName', label: 'Company name', maxLength: CONTENT_LIMITS.name },
  {
    name: 'facebookPage',
    label: 'Facebook page',
    type: 'url',
    maxLength: CONTENT_LIMITS.link,
    half: true,
    helper: 'https://facebook.com/…; empty hides it',
  },
  {
    name: 'playStoreApp',
    label: 'Play Store app',
    type: 'url',
    maxLength: CONTENT_LIMITS.link,
    half: true,
    helper: 'https://play.google.com/…; empty hides it',
  },
];

/** The links under the sign-in and sign-up forms. */
export function CompanySettingsTab() {
  return (
    <>
      <TabToolbar text="Shown under the sign-in and sign-up forms, only those filled in." />
      <SettingsForm<CompanyLinks>
        query={useCompanySettings()}
        save={useSaveCompany()}
        fields={COMPANY_FIELDS}
        validate={companyFormErrors}
        toInput={toCompanyInput}
        serverErrors={companyServerErrors}
        what="company links"
        testId="company-settings"
      />
    </>
  );
}
