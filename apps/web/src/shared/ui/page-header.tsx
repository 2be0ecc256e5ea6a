import { useEffect, type ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';

export function PageHeader({
  title,
  actions,
  subtitle,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 3 }}
    >
      <div>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </div>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · PonDesk`;
  }, [title]);
}
