import { ZCustomRoleSchema, type TCustomRole } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form-fields/text-field';
import { Button } from '@/components/ui/button';
import { DialogFooter, DialogShell } from '@/components/ui/dialog';
import { Form, FormField, FormItem, FormMessage } from '@/components/ui/form';
import { useSnackbar } from '@/components/ui/snackbar';
import { trpc } from '@/lib/trpc';
import { useServerErrors } from '@/lib/use-server-errors';
import { PermissionMatrix } from './permission-matrix';
import { useRefreshRoles, type Role } from './use-roles';

type RoleFormInput = { role_name: string; permissions: string[] };

/**
 * Creates a custom role or edits one (a name and at least one permission). An edit applies to
 * everyone holding the role at their next request, which the dialog says.
 */
export function RoleDialog({
  open,
  role,
  onClose,
}: {
  open: boolean;
  /** The role to edit; null creates one. */
  role: Role | null;
  onClose: () => void;
}) {
  const snackbar = useSnackbar();
  const refresh = useRefreshRoles();
  const form = useForm<RoleFormInput, unknown, TCustomRole>({
    resolver: zodResolver(ZCustomRoleSchema) as never,
    defaultValues: { role_name: '', permissions: [] },
  });
  useEffect(() => {
    if (open) form.reset({ role_name: role?.role_name ?? '', permissions: role?.permissions ?? [] });
  }, [form, open, role]);
  const serverErrors = useServerErrors(form);
  const done = ({ message }: { message: string }) => {
    snackbar.show(message, 'success');
    refresh();
    onClose();
  };
  const create = trpc.roles.create.useMutation({ ...serverErrors, onSuccess: done });
  const update = trpc.roles.update.useMutation({ ...serverErrors, onSuccess: done });
  const onSubmit = (values: TCustomRole) =>
    role ? update.mutate({ id: role.id, data: values }) : create.mutate(values);

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => (next ? null : onClose())}
      title={role ? `Edit ${role.role_name}` : 'New custom role'}
      className="sm:max-w-xl"
    >
      <Form {...form}>
        <form noValidate className="grid gap-5" onSubmit={form.handleSubmit(onSubmit)}>
          <TextField control={form.control} name="role_name" label="Role name" autoComplete="off" required />
          <FormField
            control={form.control}
            name="permissions"
            render={({ field, fieldState }) => (
              <FormItem>
                <p className="text-sm font-medium">Permissions</p>
                <PermissionMatrix
                  idPrefix="role"
                  value={field.value}
                  invalid={Boolean(fieldState.error)}
                  onChange={(next) => field.onChange(next)}
                />
                <FormMessage />
              </FormItem>
            )}
          />
          {role && role.used_by.length > 0 ? (
            <p className="text-sm text-muted-foreground">
              {role.used_by.length === 1 ? '1 person holds' : `${role.used_by.length} people hold`} this role;
              the change applies to them on their next action, without signing in again.
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" isLoading={create.isPending || update.isPending}>
              {role ? 'Save Role' : 'Create Role'}
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </DialogShell>
  );
}
