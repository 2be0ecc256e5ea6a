import { Typography, type TypographyProps } from '@mui/material';
import { textParagraphs } from '../terms';

/** Text the platform administrator typed, as paragraphs; React escapes it, nothing is read as HTML. */
export function PlainText({
  text,
  variant = 'body2',
  testId,
}: {
  text: string;
  variant?: TypographyProps['variant'];
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      {textParagraphs(text).map((p, i) => (
        <Typography
          key={i}
          variant={variant}
          sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: 1.5 }}
        >
          {p}
        </Typography>
      ))}
    </div>
  );
}
