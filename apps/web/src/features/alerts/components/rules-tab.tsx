import { Grid, Skeleton } from '@mui/material';
import { ALERT_KINDS } from '@pondesk/contracts';
import { ListLoadStatus } from '../../../shared/ui/list-load-status';
import { useAlertRules } from '../hooks';
import { ruleOf } from '../rule-form';
import { RuleCard } from './rule-card';

const CARD_SIZE = { xs: 12, lg: 6 } as const;

/** One card per kind of alert; a kind never saved shows its defaults. */
export function RulesTab() {
  const rules = useAlertRules();
  return (
    <>
      {(rules.isError || (rules.isFetching && !rules.isPending)) && (
        <ListLoadStatus
          refreshing={rules.isFetching && !rules.isPending}
          error={rules.isError ? rules.error : null}
          onRetry={() => void rules.refetch()}
          what="the rules"
          testId="alert-rules-error"
        />
      )}
      <Grid container spacing={2} sx={{ mt: 1 }} aria-busy={rules.isPending}>
        {ALERT_KINDS.map((kind) => (
          <Grid key={kind} size={CARD_SIZE}>
            {rules.data ? (
              <RuleCard rule={ruleOf(rules.data, kind)} />
            ) : rules.isPending ? (
              <Skeleton variant="rounded" height={260} data-testid="rule-skeleton" />
            ) : null}
          </Grid>
        ))}
      </Grid>
    </>
  );
}
