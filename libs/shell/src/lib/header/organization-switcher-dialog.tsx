import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Controller,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  OptionSelect,
  toast,
  useForm,
} from '@terrace/design-system';
import { validateOrganizationChoice } from '@terrace/domain';
import { type Organization, sessionQueries, sessionRequests, storeSession, useApiClient } from '@terrace/session';
import { useNavigate } from 'react-router';

export interface OrganizationSwitcherDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: Organization;
}

interface SwitchForm {
  organizationId: string;
}

/**
 * Switches the session to another organization the user belongs to (POST tradeSession). Picking
 * the current organization only closes the dialog (spec §4).
 */
export function OrganizationSwitcherDialog({ open, onOpenChange, current }: OrganizationSwitcherDialogProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const organizations = useQuery({ ...sessionQueries.allowedOrganizations(client), enabled: open });
  const form = useForm<SwitchForm>({ defaultValues: { organizationId: current.id } });

  const switchOrganization = useMutation({
    mutationFn: (organizationId: string) => sessionRequests.tradeSession(client, organizationId),
    onSuccess: async ({ token, user }) => {
      storeSession(token, user);
      toast.success(t`Switching to ${user.organization?.name ?? ''}`);
      onOpenChange(false);
      // Everything cached belongs to the previous organization.
      queryClient.clear();
      await navigate('/', { replace: true });
    },
    onError: () => toast.error(t`Failed to switch organization`),
  });

  const submit = form.handleSubmit(({ organizationId }) => {
    if (organizationId === current.id) {
      onOpenChange(false);
      return;
    }
    switchOrganization.mutate(organizationId);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset({ organizationId: current.id });
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogHeader>
            <DialogTitle>{t`Switch organization`}</DialogTitle>
            <DialogDescription>{t`You are signed in to ${current.name}. Choose the organization to work in.`}</DialogDescription>
          </DialogHeader>
          <DialogBody>
            <Controller
              control={form.control}
              name="organizationId"
              rules={{ validate: (value) => { const problem = validateOrganizationChoice(value); return problem ? i18n._(problem) : true; } }}
              render={({ field, fieldState }) => (
                // The select takes the field's id, description and error state from the FormField.
                <FormField id="organization-switch" label={t`Organization`} required error={fieldState.error?.message}>
                  <OptionSelect
                    ref={field.ref}
                    value={field.value}
                    onValueChange={field.onChange}
                    disabled={organizations.isPending}
                    className="w-full"
                    placeholder={organizations.isPending ? t`Loading organizations…` : t`Choose an organization`}
                    options={(organizations.data ?? [current]).map((org) => ({ value: org.id, label: org.name }))}
                  />
                </FormField>
              )}
            />
            {organizations.isError && (
              <p role="alert" className="mt-2 text-sm text-danger-subtle-foreground">{t`Your organizations could not be loaded.`}</p>
            )}
          </DialogBody>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t`Cancel`}
            </Button>
            <Button type="submit" loading={switchOrganization.isPending}>
              {t`Switch`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
