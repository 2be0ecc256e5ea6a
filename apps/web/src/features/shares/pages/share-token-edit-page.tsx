import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button } from '@mui/material';
import { PageHeader } from '../../../shared/ui/page-header';
import { useShareOlts } from '../hooks';
import { OltTokenForm } from '../components/olt-token-form';

/** /share-olt/:edit_id: the share token of one OLT (its id), set or rotated. */
export default function ShareTokenEditPage() {
  const { edit_id: oltId = '' } = useParams();
  const olts = useShareOlts();
  const olt = olts.data?.olts.find((o) => o.id === oltId);
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <PageHeader
        title="Share token"
        subtitle={olt ? `${olt.name} · Olt ID ${olt.code}` : undefined}
        actions={
          <Button component={RouterLink} to="/share-olt">
            All share links
          </Button>
        }
      />
      <OltTokenForm oltId={oltId} oltName={olt?.name} />
    </Box>
  );
}
