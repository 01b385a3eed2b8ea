import { FieldSkeleton, Skeleton } from '@/components/ui/skeleton';

/** A skeleton shows while the profile and its lists load. */
export function ProfileFormSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading your profile">
      <div className="flex items-center gap-5">
        <Skeleton className="size-20 rounded-full" />
        <div className="grid gap-2">
          <Skeleton className="h-8 w-36" />
          <Skeleton className="h-3 w-56" />
        </div>
      </div>
      {[0, 1, 2].map((row) => (
        <div key={row} className="grid gap-5 sm:grid-cols-2">
          <FieldSkeleton labelClassName="w-24" />
          <FieldSkeleton labelClassName="w-24" />
        </div>
      ))}
      <Skeleton className="ml-auto h-10 w-32" />
    </div>
  );
}
