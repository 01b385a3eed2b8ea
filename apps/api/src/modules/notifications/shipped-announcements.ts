// Announcements shipped with the product (Feature Release). Each is published once, by its key, the first
// time a notification list is read after a release that adds it; an admin publishes more through
// POST /announcements. Keep keys stable: a changed key is a new announcement.
import type { TAnnouncementInput } from '@feedloom/validation';

export const SHIPPED_ANNOUNCEMENTS: readonly (TAnnouncementInput & { key: string })[] = [
  {
    key: '2026-11-dashboard',
    title: 'New: the dashboard',
    message:
      'See each channel’s product status counts, their trend over 30 days, the issues that affect the most products and the health of the channel connections, all on one page.',
    link: '/dashboard',
  },
  {
    key: '2026-11-notifications',
    title: 'Notifications that tell you where to act',
    message:
      'Finished, failed or held imports, refused channel authorisations and disapprovals now appear here and by email, each with a link to where you fix it.',
    link: '/notifications',
  },
];
