import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Card, CardContent, Tab, Tabs } from '@mui/material';
import { TAB_LABELS, tabPath } from '../list-params';

/**
 * A platform page's tabs: links (`?tab=…`), so each tab has an address, Tab reaches them and the arrow
 * keys move between them; the panel below shows the current one.
 */
export function PageTabs<T extends keyof typeof TAB_LABELS>({
  base,
  tabs,
  current,
  idPrefix,
  label,
  children,
}: {
  base: string;
  tabs: readonly T[];
  current: T;
  idPrefix: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <>
      <Tabs
        value={current}
        aria-label={label}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t) => (
          <Tab
            key={t}
            value={t}
            label={TAB_LABELS[t]}
            component={RouterLink}
            to={tabPath(base, tabs, t)}
            id={`${idPrefix}-tab-${t}`}
            aria-controls={`${idPrefix}-panel-${t}`}
            data-testid={`${idPrefix}-tab-${t}`}
          />
        ))}
      </Tabs>
      <Card variant="outlined" sx={{ mt: 2 }}>
        <CardContent
          role="tabpanel"
          id={`${idPrefix}-panel-${current}`}
          aria-labelledby={`${idPrefix}-tab-${current}`}
        >
          {children}
        </CardContent>
      </Card>
    </>
  );
}
