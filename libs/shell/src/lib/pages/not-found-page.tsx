import { useLingui } from '@lingui/react/macro';
import { Button, Card, EmptyState } from '@terrace/design-system';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { appBase } from '@terrace/session';
import { usePageTitle } from '../layout/use-page-title';

export function NotFoundPage() {
  const { t } = useLingui();
  usePageTitle(t`Page not found`);
  return (
    <Card className="mx-auto mt-14 w-[calc(100%-3rem)] max-w-2xl">
      <EmptyState
        titleLevel={1}
        icon={<SearchX />}
        title={t`Page not found`}
        text={t`The address does not match any page of the console.`}
        action={
          <Button asChild variant="outline">
            <Link to={appBase}>{t`Go to your home page`}</Link>
          </Button>
        }
      />
    </Card>
  );
}
