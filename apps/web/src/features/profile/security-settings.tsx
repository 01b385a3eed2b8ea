import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PasswordDialog } from './password-dialog';
import type { Profile } from './use-profile';

const DATE_FORMAT = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** Profile page, Password card: when the password last changed, or an invitation to create one. */
export function passwordStatusText(profile: Pick<Profile, 'has_password' | 'changed_password_at'>): string {
  if (!profile.has_password) return 'You can create your password from here';
  const changed = profile.changed_password_at ? new Date(profile.changed_password_at) : null;
  return changed
    ? `You last changed your password ${DATE_FORMAT.format(changed)}`
    : 'You can change your password from here';
}

export function SecuritySettings({ profile }: { profile: Profile }) {
  const [isOpen, setIsOpen] = useState(false);
  const mode = profile.has_password ? 'change' : 'create';
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Password</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <KeyRound aria-hidden="true" className="size-4" />
          {passwordStatusText(profile)}
        </p>
        <Button variant="outline" onClick={() => setIsOpen(true)}>
          {mode === 'change' ? 'Change your password' : 'Create your password'}
        </Button>
      </CardContent>
      <PasswordDialog mode={mode} open={isOpen} onOpenChange={setIsOpen} />
    </Card>
  );
}
