import { useLingui } from '@lingui/react/macro';
import type { AppArea } from '@terrace/session';
import { Button, Card, EmptyState } from '@terrace/design-system';
import { Construction } from 'lucide-react';
import { areaNames } from '../routes/area-names';
import { documentationUrl } from '../header/documentation-link';
import { usePageTitle } from '../layout/use-page-title';

/**
 * The one page every route of an area that is not built yet shows: it names the area and says
 * plainly that it is not available yet, behind the same guards the real page will have.
 */
export function NotAvailablePage({ area }: { area: AppArea }) {
  const { t, i18n } = useLingui();
  const name = i18n._(areaNames[area]);
  usePageTitle(name);
  return (
    <Card className="mx-auto mt-14 w-[calc(100%-3rem)] max-w-2xl">
      <EmptyState
        icon={<Construction />}
        titleLevel={1}
        title={<span data-testid="not-available-title">{name}</span>}
        text={t`This area is not available yet. It is still being built; everything you can already use is in the navigation.`}
        action={
          <Button asChild variant="outline" className="h-auto min-h-9 max-w-full py-2 text-center whitespace-normal">
            <a href={documentationUrl} target="_blank" rel="noreferrer">
              {t`Read about ${name} in the documentation`}
            </a>
          </Button>
        }
      />
    </Card>
  );
}
