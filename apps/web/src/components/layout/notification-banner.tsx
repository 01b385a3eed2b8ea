/**
 * Announcements banner (spec §2 Layout). The notifications issue fills it; the layout already decides
 * where it shows (hidden on the screens whose route has `hideBanner`).
 */
export function NotificationBanner() {
  return null;
}
