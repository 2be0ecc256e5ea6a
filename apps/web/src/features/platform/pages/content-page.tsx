import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box } from '@mui/material';
import { PageHeader } from '../../../shared/ui/page-header';
import { CompanySettingsTab, SupportSettingsTab, TermsSettingsTab } from '../components/content-settings';
import { EventsTab } from '../components/events-tab';
import { PageTabs } from '../components/page-tabs';
import { ProductsTab } from '../components/products-tab';
import { CONTENT_TABS, tabOf, type ContentTab } from '../list-params';

const PANELS: Record<ContentTab, ComponentType> = {
  support: SupportSettingsTab,
  terms: TermsSettingsTab,
  company: CompanySettingsTab,
  products: ProductsTab,
  events: EventsTab,
};

/** /platform/content (platform administrator): what ISPs and visitors read from the platform. */
export default function ContentPage() {
  const [searchParams] = useSearchParams();
  const tab = tabOf(searchParams, CONTENT_TABS);
  const Panel = PANELS[tab];
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="platform-content-page">
      <PageHeader
        title="Content"
        subtitle="The support panel, terms, sign-in page links and update popups ISPs see"
      />
      <PageTabs base="/platform/content" tabs={CONTENT_TABS} current={tab} idPrefix="content" label="Content">
        <Panel />
      </PageTabs>
    </Box>
  );
}
