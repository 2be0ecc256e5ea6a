import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box } from '@mui/material';
import { PageHeader } from '../../../shared/ui/page-header';
import { CyclesTab } from '../components/cycles-tab';
import { PackagesTab } from '../components/packages-tab';
import { PageTabs } from '../components/page-tabs';
import { CATALOGUE_TABS, tabOf, type CatalogueTab } from '../list-params';

const PANELS: Record<CatalogueTab, ComponentType> = { packages: PackagesTab, cycles: CyclesTab };

/** /platform/catalogue (platform administrator): the packages ISPs buy and the months they buy them for. */
export default function CataloguePage() {
  const [searchParams] = useSearchParams();
  const tab = tabOf(searchParams, CATALOGUE_TABS);
  const Panel = PANELS[tab];
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }} data-testid="platform-catalogue-page">
      <PageHeader
        title="Catalogue"
        subtitle="OLT and switch packages, and the billing cycles ISPs choose from"
      />
      <PageTabs
        base="/platform/catalogue"
        tabs={CATALOGUE_TABS}
        current={tab}
        idPrefix="catalogue"
        label="Catalogue"
      >
        <Panel />
      </PageTabs>
    </Box>
  );
}
