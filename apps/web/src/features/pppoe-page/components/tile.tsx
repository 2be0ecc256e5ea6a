import type { ReactNode } from 'react';
import { Card, CardActionArea, CardContent, Skeleton, Tooltip, Typography } from '@mui/material';
import { cutText, TILE_TEXT_MAX } from '../format';

export const TILE_SKELETONS = 15;

/** A text value cut to its limit, with the full text in a tooltip when it was cut. */
export function CutValue({ text, max = TILE_TEXT_MAX }: { text: string | null | undefined; max?: number }) {
  const t = cutText(text || '—', max);
  if (!t.cut) return <>{t.shown}</>;
  return (
    <Tooltip title={t.full}>
      <span>{t.shown}</span>
    </Tooltip>
  );
}

/**
 * One Overview figure. `note` says why a value is missing (or what it means) in small print; `footer`
 * (a small chart) goes under it.
 */
export function Tile({
  label,
  children,
  note,
  footer,
  color,
  onClick,
  testId,
}: {
  label: string;
  children: ReactNode;
  note?: ReactNode;
  footer?: ReactNode;
  color?: string;
  onClick?: () => void;
  testId?: string;
}) {
  const content = (
    <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Typography variant="caption" color="text.secondary" component="p" noWrap>
        {label}
      </Typography>
      <Typography
        variant="subtitle1"
        component="p"
        sx={{ fontWeight: 600, color, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
        data-testid={testId ? `${testId}-value` : undefined}
      >
        {children}
      </Typography>
      {note && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          data-testid={testId ? `${testId}-note` : undefined}
        >
          {note}
        </Typography>
      )}
      {footer}
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      {onClick ? (
        <CardActionArea onClick={onClick} sx={{ height: '100%' }} aria-haspopup="dialog">
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

export function TileSkeleton() {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} aria-hidden>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Skeleton width="50%" />
        <Skeleton width="80%" height={28} />
      </CardContent>
    </Card>
  );
}
