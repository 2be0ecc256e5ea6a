import type { ComponentType } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Box, Card, CardContent, Tab, Tabs } from '@mui/material';
import { PageHeader } from '../../../shared/ui/page-header';
import { ChannelsTab } from '../components/channels-tab';
import { HistoryTab } from '../components/history-tab';
import { RulesTab } from '../components/rules-tab';
import { SilencesTab } from '../components/silences-tab';
import { ALERT_TABS, ALERT_TAB_LABELS, alertTabOf, alertTabPath, type AlertTab } from '../list-params';

const PANELS: Record<AlertTab, ComponentType> = {
  history: HistoryTab,
  rules: RulesTab,
  channels: ChannelsTab,
  silences: SilencesTab,
};

/**
 * /alerts (2022): what was raised and whether it reached anyone, the rules that raise alerts, the
 * channels they go to, and the silences in force. The tab is in the address (`?tab=channels`); the
 * tabs are links, reached with Tab and moved between with the arrow keys.
 */
export default function AlertsPage() {
  const [searchParams] = useSearchParams();
  const tab = alertTabOf(searchParams);
  const Panel = PANELS[tab];
  return (
    <Box sx={{ maxWidth: 1500, mx: 'auto' }} data-testid="alerts-page">
      <PageHeader
        title="Alerts"
        subtitle="Telegram, WhatsApp and webhook alerts: history, rules, channels and silences"
      />
      <Tabs
        value={tab}
        aria-label="Alert screens"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {ALERT_TABS.map((t) => (
          <Tab
            key={t}
            value={t}
            label={ALERT_TAB_LABELS[t]}
            component={RouterLink}
            to={alertTabPath(t)}
            id={`alerts-tab-${t}`}
            aria-controls={`alerts-panel-${t}`}
            data-testid={`alerts-tab-${t}`}
          />
        ))}
      </Tabs>
      <Card variant="outlined" sx={{ mt: 2 }}>
        <CardContent role="tabpanel" id={`alerts-panel-${tab}`} aria-labelledby={`alerts-tab-${tab}`}>
          <Panel />
        </CardContent>
      </Card>
    </Box>
  );
}
