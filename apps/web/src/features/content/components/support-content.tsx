import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Grid,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import PhoneIcon from '@mui/icons-material/Phone';
import EmailIcon from '@mui/icons-material/Email';
import ChatIcon from '@mui/icons-material/Chat';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import AppsIcon from '@mui/icons-material/Apps';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { OtherProduct, TenantContent } from '@pondesk/contracts';
import { contactItems, safeLink, type ContactKind } from '../links';

const CONTACT_ICONS: Record<ContactKind, typeof PhoneIcon> = {
  phone: PhoneIcon,
  email: EmailIcon,
  chat: ChatIcon,
};

/** A product's photo; a missing, refused or broken image leaves a neutral tile instead. */
function ProductPhoto({ product }: { product: OtherProduct }) {
  const src = safeLink(product.photoUrl);
  const [failed, setFailed] = useState(false);
  const box = { width: '100%', height: 120, borderRadius: 1, bgcolor: 'action.hover' } as const;
  if (!src || failed)
    return (
      <Box sx={{ ...box, display: 'grid', placeItems: 'center' }} aria-hidden>
        <AppsIcon color="disabled" sx={{ fontSize: 40 }} />
      </Box>
    );
  return (
    <Box
      component="img"
      src={src}
      alt={product.name}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      sx={{ ...box, objectFit: 'cover', display: 'block' }}
    />
  );
}

/** The support panel's body: how to reach support, then the provider's other services. */
export function SupportContent({ content }: { content: TenantContent }) {
  const contacts = contactItems(content.support);
  const products = [...content.products].sort((a, b) => a.sortOrder - b.sortOrder);
  if (!contacts.length && !products.length)
    return (
      <Box sx={{ py: 4, textAlign: 'center' }} data-testid="support-empty">
        <SupportAgentIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
        <Typography color="text.secondary">Support details are not set up yet.</Typography>
      </Box>
    );
  return (
    <Box data-testid="support-content">
      {contacts.length > 0 && (
        <List dense disablePadding aria-label="Support contacts">
          {contacts.map((c) => {
            const Icon = CONTACT_ICONS[c.kind];
            const external = c.kind === 'chat';
            return (
              <ListItem key={c.kind} disableGutters>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Icon color="primary" aria-hidden />
                </ListItemIcon>
                <ListItemText
                  primary={c.label}
                  secondary={
                    <Link
                      href={c.href}
                      data-testid={`support-${c.kind}`}
                      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {c.text}
                    </Link>
                  }
                  slotProps={{ primary: { variant: 'caption', color: 'text.secondary' } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {products.length > 0 && (
        <>
          <Typography
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 700, mt: contacts.length ? 2 : 0, mb: 1 }}
          >
            Other services
          </Typography>
          <Grid container spacing={2}>
            {products.map((p) => {
              const link = safeLink(p.link);
              return (
                <Grid key={p.id} size={{ xs: 12, sm: 6 }}>
                  <Card
                    variant="outlined"
                    sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
                    data-testid="support-product"
                  >
                    <CardContent sx={{ flexGrow: 1 }}>
                      <ProductPhoto product={p} />
                      <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700, mt: 1 }}>
                        {p.name}
                      </Typography>
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                      >
                        {p.description}
                      </Typography>
                    </CardContent>
                    {link && (
                      <CardActions>
                        <Button
                          size="small"
                          href={link}
                          target="_blank"
                          rel="noopener noreferrer"
                          endIcon={<OpenInNewIcon fontSize="small" />}
                          aria-label={`Open ${p.name} (new tab)`}
                        >
                          Open
                        </Button>
                      </CardActions>
                    )}
                  </Card>
                </Grid>
              );
            })}
          </Grid>
        </>
      )}
    </Box>
  );
}
