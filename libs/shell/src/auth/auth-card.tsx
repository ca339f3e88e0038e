import { Card, CardBody, cn } from '@terrace/design-system';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/layout/use-page-title';

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

/** The card every sign-in page is built in: a title, a short explanation, the form, then links. */
export function AuthCard({ title, description, children, footer, wide = false }: AuthCardProps) {
  usePageTitle(title);
  return (
    <div className={cn('flex w-full flex-col gap-4', wide ? 'max-w-3xl' : 'max-w-md')}>
      <Card className="shadow-md">
        <CardBody className="flex flex-col gap-6 px-8 py-8">
          <div className="flex flex-col gap-1.5">
            <h1 className="text-2xl leading-8 font-semibold tracking-tight text-foreground">{title}</h1>
            {description && <p className="text-sm text-muted-foreground">{description}</p>}
          </div>
          {children}
        </CardBody>
      </Card>
      {footer && <div className="flex flex-col items-center gap-2 text-center text-sm text-muted-foreground">{footer}</div>}
    </div>
  );
}
