/** Where a user without a profile lands (spec §2 profile guard). The profile form comes with the next issue. */
export function CompleteProfileScreen() {
  return (
    <section className="mx-auto w-full max-w-content">
      <h1 className="text-2xl font-semibold tracking-tight">Complete your profile</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Tell us a little about yourself to finish setting up your account.
      </p>
    </section>
  );
}
