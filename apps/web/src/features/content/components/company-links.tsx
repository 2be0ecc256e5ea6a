import { Link, Stack } from '@mui/material';
import FacebookIcon from '@mui/icons-material/Facebook';
import ShopIcon from '@mui/icons-material/Shop';
import { usePublicContent } from '../hooks';
import { companyLinkItems, type CompanyLinkKind } from '../links';

const ICONS: Record<CompanyLinkKind, typeof FacebookIcon> = {
  facebook: FacebookIcon,
  'play-store': ShopIcon,
};

/**
 * The provider's Facebook page and Play Store app under the sign-in and sign-up forms; only the links
 * configured, and nothing at all while they load, when they fail or when there are none.
 */
export function CompanyLinks() {
  const content = usePublicContent();
  const items = companyLinkItems(content.data?.company);
  if (!items.length) return null;
  return (
    <Stack
      direction="row"
      spacing={3}
      useFlexGap
      sx={{ justifyContent: 'center', flexWrap: 'wrap', pt: 1 }}
      data-testid="company-links"
    >
      {items.map((item) => {
        const Icon = ICONS[item.kind];
        return (
          <Link
            key={item.kind}
            href={item.href}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            underline="hover"
            data-testid={`company-link-${item.kind}`}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
          >
            <Icon fontSize="small" aria-hidden />
            {item.label}
          </Link>
        );
      })}
    </Stack>
  );
}
