import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Box, Card, CardContent, Tab, Tabs } from '@mui/material';
import { PageHeader } from '../../../shared/ui/page-header';
import { ManageTab } from '../components/manage-tab';
import { PortsTab } from '../components/ports-tab';
import { useSwitchLiveUpdates } from '../hooks';
import { tabOf, type SwitchTab } from '../list-params';

const TABS: { key: SwitchTab; label: string; to: string }[] = [
  { key: 'ports', label: 'Ports', to: '/switch-list' },
  { key: 'manage', label: 'Manage', to: '/switch-list?tab=manage' },
];

/**
 * /switch-list: the spec puts two screens on this route, so it is one page with two tabs: the port list
 * (spec 2 §2.8) and switch management (spec 3 §2.9). The tab is in the address so either can be linked;
 * the tabs are links, reached with Tab and moved between with the arrow keys.
 */
export default function SwitchListPage() {
  const [searchParams] = useSearchParams();
  const tab = tabOf(searchParams);
  useSwitchLiveUpdates();
  return (
    <Box sx={{ maxWidth: 1500, mx: 'auto' }}>
      <PageHeader title="Switch List" />
      <Tabs value={tab} aria-label="Switch screens" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.label}
            component={RouterLink}
            to={t.to}
            id={`switch-tab-${t.key}`}
            aria-controls={`switch-panel-${t.key}`}
          />
        ))}
      </Tabs>
      <Card variant="outlined" sx={{ mt: 2 }}>
        <CardContent role="tabpanel" id={`switch-panel-${tab}`} aria-labelledby={`switch-tab-${tab}`}>
          {tab === 'ports' ? <PortsTab /> : <ManageTab />}
        </CardContent>
      </Card>
    </Box>
  );
}
