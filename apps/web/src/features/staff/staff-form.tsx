import {
  CUSTOM_ROLE_ID,
  PERMISSIONS,
  ZStaffInvitationSchema,
  type TStaffInvitation,
  type TStaffInvitationInput,
} from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { ReadOnlyField } from '@/components/form-fields/read-only-field';
import { TextField } from '@/components/form-fields/text-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PermissionMatrix } from '@/features/roles/permission-matrix';
import type { Role } from '@/features/roles/use-roles';
import { trpc } from '@/lib/trpc';
import type { Staff } from './use-staff';

export type StaffFormHandle = UseFormReturn<TStaffInvitationInput, unknown, TStaffInvitation>;

/** The known permissions of a list, in their usual order. */
const permissionsOf = (list: readonly string[]) => PERMISSIONS.filter((p) => list.includes(p));

export function staffFormValues(staff?: Staff | null): TStaffInvitationInput {
  return {
    email: staff?.email ?? '',
    role_id: staff?.role_id ?? '',
    role_name: '',
    permissions: permissionsOf(staff?.permissions ?? []),
    // Undecided on a new invitation: asks for the scope.
    is_for_entire_organization: staff?.is_for_entire_organization ?? (undefined as unknown as boolean),
    shop_id_list: staff?.shop_id_list ?? [],
  };
}

function RoleSelect({ form, roles }: { form: StaffFormHandle; roles: readonly Role[] | undefined }) {
  const predefined = (roles ?? []).filter((r) => r.is_predefined);
  const custom = (roles ?? []).filter((r) => !r.is_predefined);
  return (
    <FormField
      control={form.control}
      name="role_id"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Role</FormLabel>
          <FormControl>
            <NativeSelect
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value}
              disabled={!roles}
              onChange={(event) => {
                const roleId = event.target.value;
                field.onChange(roleId);
                const role = roles?.find((r) => r.id === roleId);
                form.setValue('permissions', permissionsOf(role?.permissions ?? []));
              }}
            >
              <option value="">{roles ? 'Select a role' : 'Loading roles…'}</option>
              <optgroup label="Predefined roles">
                {predefined.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.role_name}
                  </option>
                ))}
              </optgroup>
              {custom.length > 0 ? (
                <optgroup label="Custom roles">
                  {custom.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.role_name}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              <option value={CUSTOM_ROLE_ID}>New custom role…</option>
            </NativeSelect>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function ScopeFields({ form }: { form: StaffFormHandle }) {
  const scopeName = useId();
  const shops = trpc.shops.selectList.useQuery();
  const isEntire = useWatch({ control: form.control, name: 'is_for_entire_organization' });
  return (
    <>
      <FormField
        control={form.control}
        name="is_for_entire_organization"
        render={({ field }) => (
          <FormItem>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Access</legend>
              {[
                {
                  value: true,
                  label: 'Entire organisation',
                  hint: 'Every store, also the ones added later.',
                },
                { value: false, label: 'Selected stores', hint: 'Only the stores you tick below.' },
              ].map((option) => (
                <div key={option.label} className="grid gap-0.5">
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      className="size-4 accent-primary"
                      name={scopeName}
                      aria-describedby={`${scopeName}-${String(option.value)}`}
                      checked={field.value === option.value}
                      onChange={() => field.onChange(option.value)}
                    />
                    {option.label}
                  </label>
                  <span
                    id={`${scopeName}-${String(option.value)}`}
                    className="pl-6 text-xs text-muted-foreground"
                  >
                    {option.hint}
                  </span>
                </div>
              ))}
            </fieldset>
            <FormMessage />
          </FormItem>
        )}
      />
      {isEntire === false ? (
        <FormField
          control={form.control}
          name="shop_id_list"
          render={({ field }) => {
            const selected = field.value ?? [];
            return (
              <FormItem>
                <fieldset className="grid gap-2">
                  <legend className="mb-1 text-sm font-medium">Stores</legend>
                  {shops.isPending ? <p className="text-sm text-muted-foreground">Loading stores…</p> : null}
                  {shops.data?.length === 0 ? (
                    <p className="text-sm text-muted-foreground">There are no stores to choose from yet.</p>
                  ) : null}
                  {shops.data?.map((shop) => (
                    <div key={shop.id} className="flex items-center gap-2">
                      <Checkbox
                        id={`shop-${shop.id}`}
                        checked={selected.includes(shop.id)}
                        onCheckedChange={(checked) =>
                          field.onChange(
                            checked ? [...selected, shop.id] : selected.filter((id) => id !== shop.id),
                          )
                        }
                      />
                      <Label htmlFor={`shop-${shop.id}`} className="font-normal">
                        {shop.shop_name}
                      </Label>
                    </div>
                  ))}
                </fieldset>
                <FormMessage />
              </FormItem>
            );
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The invitation form (invite and edit): email, role (predefined, custom, or a new custom role
 * with its name and a read / manage matrix), entire organisation or selected stores.
 */
export function StaffForm({
  staff,
  roles,
  isSaving,
  submitLabel,
  onSubmit,
  onCancel,
  formRef,
}: {
  /** The invitation or member being edited (its email cannot change); none invites. */
  staff?: Staff | null;
  roles: readonly Role[] | undefined;
  isSaving: boolean;
  submitLabel: string;
  onSubmit: (values: TStaffInvitation) => void;
  onCancel: () => void;
  formRef?: (form: StaffFormHandle) => void;
}) {
  const form: StaffFormHandle = useForm({
    resolver: zodResolver(ZStaffInvitationSchema),
    defaultValues: staffFormValues(staff),
    mode: 'onTouched',
  });
  useEffect(() => formRef?.(form), [form, formRef]);
  const roleId = useWatch({ control: form.control, name: 'role_id' });
  const permissions = useWatch({ control: form.control, name: 'permissions' }) ?? [];
  const isNewRole = roleId === CUSTOM_ROLE_ID;

  return (
    <Form {...form}>
      <form noValidate className="grid gap-6" onSubmit={form.handleSubmit(onSubmit)}>
        {staff ? (
          <ReadOnlyField label="Email" value={staff.email} />
        ) : (
          <TextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="off"
            required
          />
        )}
        <RoleSelect form={form} roles={roles} />
        {isNewRole ? (
          <TextField control={form.control} name="role_name" label="Role name" autoComplete="off" required />
        ) : null}
        {roleId ? (
          <FormField
            control={form.control}
            name="permissions"
            render={({ field, fieldState }) => (
              <FormItem>
                <p className="text-sm font-medium">Permissions</p>
                {!isNewRole ? (
                  <p className="text-xs text-muted-foreground">
                    The role’s permissions. Custom roles are changed on the roles page.
                  </p>
                ) : null}
                <PermissionMatrix
                  idPrefix="invite"
                  value={isNewRole ? (field.value ?? []) : permissions}
                  readOnly={!isNewRole}
                  invalid={Boolean(fieldState.error)}
                  onChange={(next) => field.onChange(next)}
                />
                <FormMessage />
              </FormItem>
            )}
          />
        ) : null}
        <ScopeFields form={form} />
        <div className="flex justify-end gap-3">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isSaving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Form>
  );
}
