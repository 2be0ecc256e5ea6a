import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { useDocumentTitle } from '../../../shared/ui/page-header';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Card variant="outlined" sx={{ maxWidth: 440, mx: 'auto', mt: { xs: 2, md: 6 } }}>
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} gutterBottom>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
